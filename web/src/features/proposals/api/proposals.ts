/** Proposals: list, lead/client options, CRUD, accept, and the accept follow-up's workflow calls. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProposalInput, ProposalPatch } from "@contract/proposal";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

/** The studio's default proposal terms, filled in on a new proposal. */
export { studioSettingsQueryOptions } from "@/lib/studio-settings";

export const proposalKeys = {
  all: ["proposals"] as const,
  list: () => [...proposalKeys.all, "list"] as const,
};

export const proposalsQueryOptions = () =>
  queryOptions({
    queryKey: proposalKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.proposals.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch proposals" },
  });

export const proposalLeadOptions = () =>
  queryOptions({
    queryKey: ["leads", "options"] as const,
    queryFn: ({ signal }) => ok(api.crm.leads.options.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch leads" },
    staleTime: 60_000,
  });

export const proposalClientOptions = () =>
  queryOptions({
    queryKey: ["clients", "options"] as const,
    queryFn: ({ signal }) => ok(api.crm.clients.options.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch clients" },
    staleTime: 60_000,
  });

export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposalInput) => ok(api.crm.proposals.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    meta: { errorTitle: "Failed to add proposal" },
  });
}

export function useUpdateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ProposalPatch }) =>
      ok(api.crm.proposals[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    meta: { errorTitle: "Failed to update proposal" },
  });
}

export function useAcceptProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, updated_at }: { id: string; updated_at: string }) =>
      ok(api.crm.proposals[":id"].accept.$post({ param: { id }, json: { updated_at } })),
    // Accepting also marks the proposal's lead Won (and writes its timeline).
    onSuccess: ({ proposal }) => invalidateEntity(queryClient, proposal.lead ? ["proposals", "leads"] : ["proposals"]),
    meta: { errorTitle: "Failed to accept proposal" },
  });
}

export function useDeleteProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.proposals[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    meta: { errorTitle: "Failed to delete proposal" },
  });
}

/** proposal_accepted follow-up: convert the lead to a client and/or start its project (one call each). */
export function useLeadWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, action }: { leadId: string; action: "convert_to_client" | "start_project" }) =>
      ok(api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action } })),
    // The lead, its timeline and the screens showing it, and what the action created (the same
    // entities the worker announces on the live channel); a failed action created nothing.
    onSettled: (result) => invalidateEntity(queryClient, ["leads", ...(result?.created.map((c) => c.entity) ?? [])]),
    meta: { errorTitle: false },
  });
}

/** For a proposal made to a client (no lead): create the project directly. */
export function useCreateProjectForClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, client_id, budget }: { title: string; client_id: string; budget: number | null }) =>
      ok(api.crm.projects.$post({ json: { title, client_id, budget, stage: "Discovery", status: "On Track" } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["projects"] }),
    meta: { errorTitle: false },
  });
}

/** The questions the client asked on their page and the studio's replies, oldest first. */
export const proposalMessagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...proposalKeys.all, "messages", id] as const,
    queryFn: ({ signal }) => ok(api.crm.proposals[":id"].messages.$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch questions" },
  });

/** A reply to the client, shown on their page and e-mailed to them; `message.email_status` says whether the mail went. */
export function useReplyToProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      ok(api.crm.proposals[":id"].messages.$post({ param: { id }, json: { body } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    meta: { errorTitle: "Failed to send reply" },
  });
}

/** E-mails a reply to the client again, after a send that failed. */
export function useResendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, messageId }: { id: string; messageId: string }) =>
      ok(api.crm.proposals[":id"].messages[":messageId"]["retry-email"].$post({ param: { id, messageId } })),
    // A send that failed again is still marked failed: show the row as the server now has it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    meta: { errorTitle: "Failed to resend the e-mail" },
  });
}

/** Where the studio previews the client's page for a proposal (opened in a new tab). */
export const proposalPreviewHref = (id: string) => `/api/crm/proposals/${encodeURIComponent(id)}/preview`;
