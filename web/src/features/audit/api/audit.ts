/**
 * The audit trail (Owner): newest first, a page at a time. Its keys start with "users": most of
 * what it records is about accounts (sign-ins, invitations, disabling), and a live "users" event or
 * this tab's own user changes then refresh it; delete-all and import refresh everything anyway.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { AUDIT_PAGE } from "@contract/audit-values";
import { api, ok } from "@/lib/api";

export const auditKeys = { all: ["users", "audit"] as const, list: () => ["users", "audit", "list"] as const };

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(),
    queryFn: ({ signal, pageParam }) => ok(api.crm.audit.$get({ query: pageParam ?? {} }, { init: { signal } })),
    // null, not undefined: the first page can then come inline with /crm/settings (contract/crm-boot.ts).
    initialPageParam: null as { before: string; before_id: string } | null,
    // A shorter page is the last; the next starts after the last event shown, by time and then id.
    getNextPageParam: (last) => {
      const end = last.events.at(-1);
      return last.events.length < AUDIT_PAGE || !end ? undefined : { before: end.created_at, before_id: end.id };
    },
    // The panel shows its own error with Try again.
    meta: { errorTitle: false },
  });

/** Mail the CRM's inbox refused (docs/decisions/0030-inbound-mail-defences.md): how many in 90 days, and the latest. Keyed under "mail" so a live mail event refreshes it. */
export const mailRefusalsQueryOptions = () =>
  queryOptions({
    queryKey: ["mail", "refusals"] as const,
    queryFn: ({ signal }) => ok(api.crm.mail.refusals.$get({}, { init: { signal } })),
    meta: { errorTitle: false },
  });
