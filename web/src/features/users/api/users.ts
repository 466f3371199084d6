/** User management: users, open invitations, invite, revoke, disable/enable. Keys start with "users". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteInput } from "@contract/user";
import { api, ok } from "@/lib/api";

export const userKeys = { all: ["users"] as const, list: () => ["users", "list"] as const, invites: () => ["users", "invites"] as const };

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.users.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch users" },
  });

export const invitesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.invites(),
    queryFn: ({ signal }) => ok(api.crm.users.invites.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch invitations" },
  });

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => ok(api.crm.users.invites.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { errorTitle: "Failed to send invitation" },
  });
}

export function useSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      ok(api.crm.users[":id"].$patch({ param: { id }, json: { disabled } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { errorTitle: "Failed to update user" },
  });
}

/** Withdraws a pending invitation: its e-mailed link stops working. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.users.invites[":id"].$delete({ param: { id } })),
    // A 404 means it was used or withdrawn meanwhile: refresh the list either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { errorTitle: "Failed to revoke invitation" },
  });
}
