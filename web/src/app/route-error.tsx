/**
 * Shown when a page throws or its chunk fails to load (typically a tab left open across a
 * deploy, whose old chunk names are gone): reloading fetches the current build. Navigating to
 * another path clears it.
 */
import { Component, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { forgetFailedPages } from "./page-modules";

interface Props {
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: "" };
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | null }) {
    // A new error records where it happened; leaving that path clears it.
    if (state.failedAt === "") return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) {
      forgetFailedPages();
      return { failedAt: null };
    }
    return null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

function RouteError() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">The page could not be shown. Reloading usually fixes this.</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a href="/" className={buttonClass("secondary", "lg")}>
          Return to Home
        </a>
      </div>
    </main>
  );
}
