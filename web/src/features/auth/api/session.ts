/** The staff session: who is signed in, the team gate's password sign-in, and sign-out. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../../../../contract/user";
import { api, isApiError, ok } from "../../../lib/api";
import { SESSION_QUERY_KEY } from "../../../lib/query-client";

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY as ["auth", "me"],
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return (await ok(api.auth.me.$get())).user;
    } catch (error) {
      // Signed out is an answer, not a failure.
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  // The gate shows its own error screen.
  meta: { errorTitle: false },
});

/** The signed-in user, inside the gate (where there always is one). */
export function useSessionUser(): SessionUser {
  const { data } = useQuery(sessionQueryOptions);
  if (!data) throw new Error("useSessionUser is only for screens inside the CRM gate");
  return data;
}

export function useTeamSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => ok(api.auth.team.$post({ json: { password } })),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions.queryKey, user),
    // The gate turns 401/429 into SPEC's 'Access Denied' toasts itself.
    meta: { errorTitle: false },
  });
}

export function useSignOut() {
  return useMutation({
    mutationFn: () => ok(api.auth.logout.$post()),
    meta: { errorTitle: "Sign Out Failed" },
  });
}
