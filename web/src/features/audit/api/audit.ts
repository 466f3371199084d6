/**
 * The audit trail (Owner): newest first, a page at a time. Its keys start with "users": most of
 * what it records is about accounts (sign-ins, invitations, disabling), and a live "users" event or
 * this tab's own user changes then refresh it; delete-all and import refresh everything anyway.
 */
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, ok } from "../../../lib/api";

export const auditKeys = { all: ["users", "audit"] as const, list: () => ["users", "audit", "list"] as const };

/** The worker's page size (worker/services/audit.ts AUDIT_PAGE): a shorter page is the last. */
export const AUDIT_PAGE = 100;

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      ok(api.crm.audit.$get({ query: pageParam === undefined ? {} : { before: pageParam } }, { init: { signal } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.events.length < AUDIT_PAGE ? undefined : last.events.at(-1)?.created_at),
    // The panel shows its own error with Try again.
    meta: { errorTitle: false },
  });
