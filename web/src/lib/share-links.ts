/**
 * The client's link to a proposal or an invoice: Share, Send and Revoke, the same three calls for
 * either kind (the worker's shared-documents/shared-link-routes.ts). Each refreshes its kind's
 * queries, whose keys start with the kind's list ("proposals", "invoices").
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentKind, SendLinkInput } from "@contract/shared-link";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

const listOf = { proposal: "proposals", invoice: "invoices" } as const;

/** The document an answer carries under its kind's name, for its status after. */
const statusIn = (answer: { proposal: { status: string } } | { invoice: { status: string } }) =>
  ("proposal" in answer ? answer.proposal : answer.invoice).status;

export function useShareLink(kind: DocumentKind) {
  const queryClient = useQueryClient();
  const list = listOf[kind];
  const calls = api.crm[list][":id"];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [list] });
  /** Share: a new client link (answered once), Draft to Sent; any earlier link stops working. */
  const create = useMutation({
    mutationFn: (id: string) => ok(calls.share.$post({ param: { id } })).then((answer) => ({ url: answer.url, status: statusIn(answer) })),
    onSuccess: refresh,
    meta: { errorTitle: `Failed to share ${kind}` },
  });
  /**
   * Send: a new link e-mailed to the client (a Draft becomes Sent; the earlier link stops working).
   * It answers whether Cloudflare sent it; the link exists either way. A mail that went is an
   * Activity Feed entry.
   */
  const send = useMutation({
    mutationFn: ({ id, input }: { id: string; input: SendLinkInput }) =>
      ok(calls.send.$post({ param: { id }, json: input })).then((answer) => ({
        url: answer.url,
        status: statusIn(answer),
        email: answer.email,
      })),
    onSuccess: ({ email }) => invalidateEntity(queryClient, email.sent ? [list, "activities"] : [list]),
    meta: { errorTitle: `Failed to e-mail the ${kind}` },
  });
  /** Revoke: the client's link stops working at once. */
  const revoke = useMutation({
    mutationFn: (id: string) => ok(calls.share.$delete({ param: { id } })),
    onSuccess: refresh,
    meta: { errorTitle: "Failed to revoke the link" },
  });
  return { create, send, revoke };
}
