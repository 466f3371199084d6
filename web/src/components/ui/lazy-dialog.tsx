/**
 * A dialog whose code loads the first time it opens, not with the page: forms, zod, Radix's
 * dialog and react-hook-form are most of the CRM's JavaScript, and the first paint needs none of
 * them (docs/decisions/0010-crm-first-data-inline.md's budget). Once opened it stays mounted, so closing animates as before.
 */
import { lazy, Suspense, useState, type ComponentType } from "react";

export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  const Component = Dialog as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    // Adjusting state while rendering, not in an effect: the open dialog renders in this same pass.
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

/**
 * A component rendered only once it is wanted (`{sharing && <ShareLinkDialog … />}`): its code loads
 * then, not with the page, and nothing shows until it has.
 */
export function lazyMounted<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Component = Lazy as unknown as ComponentType<P>;
  return function LazyMounted(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
