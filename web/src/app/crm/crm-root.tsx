/**
 * /crm/* : the CRM's own chunk. Everything staff-only (TanStack Query, forms, toasts, dialogs)
 * is imported from here down, so public pages never download it. The gate knows who is signed in
 * from the shell's inline data (or asks the worker): nobody → the team password screen; someone → the CRM.
 */
import { lazy, Suspense, useCallback } from "react";
import type { LiveEvent } from "@contract/live";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { site } from "@/content/site";
import { createQueryClient } from "@/lib/query-client";
import { seedFromBoot } from "@/lib/crm-boot";
import { LiveProvider } from "@/lib/live";
import { AppToaster } from "@/lib/toast";
import type { RouteHandle } from "@/lib/page-meta";
import { sessionQueryOptions } from "@/features/auth/api/session";
import { CrmLayout } from "./components/crm-layout";
import { useApprovalToast } from "./components/approval-toast";
import { useProposalToast } from "./components/proposal-toast";
import { useCallToast } from "./components/call-toast";

const queryClient = createQueryClient();
/** The gate's form (react-hook-form, zod): only signed-out visits need it, so it is not in this chunk. */
const loadSignIn = () => import("@/features/auth/components/team-sign-in").then((m) => ({ default: m.TeamSignIn }));
const TeamSignIn = lazy(loadSignIn);

// Before the first render: the page's first data came with the shell (contract/crm-boot.ts). When
// it says nobody is signed in, the form starts loading now rather than once the gate renders.
if (seedFromBoot(queryClient) === null) void loadSignIn();

export const handle: RouteHandle = {
  meta: () => ({ title: "CRM", description: `The ${site.name} CRM.`, noindex: true }),
};

export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <CrmGate />
    </QueryClientProvider>
  );
}

function CrmGate() {
  const session = useQuery(sessionQueryOptions);
  const announceApproval = useApprovalToast();
  const announceProposal = useProposalToast();
  const announceCall = useCallToast();
  // News from clients and visitors, in every open tab: a preview approved, a proposal answered or asked about, a call booked.
  const announce = useCallback(
    (event: LiveEvent) => {
      announceApproval(event);
      announceProposal(event);
      announceCall(event);
    },
    [announceApproval, announceProposal, announceCall],
  );
  const loading = (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading CRM" />
    </div>
  );
  if (session.isPending) return loading;
  if (session.isError)
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">The CRM could not be reached</h1>
        <p className="text-slate-600">Check your connection and try again.</p>
        <Button onClick={() => session.refetch()}>Try again</Button>
      </div>
    );
  if (!session.data)
    return (
      <Suspense fallback={loading}>
        <TeamSignIn studioName={site.name} />
      </Suspense>
    );
  return (
    // Keyed by user: signing in as someone else opens a fresh socket under their name.
    <LiveProvider key={session.data.id} userId={session.data.id} onChange={announce}>
      <CrmLayout />
    </LiveProvider>
  );
}
