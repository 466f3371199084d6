/**
 * The staff session: who is signed in, the team gate's password sign-in, sign-out (this tab or
 * everywhere) and changing one's own password.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { PasswordChangeInput } from "@contract/auth";
import type { SessionUser } from "@contract/user";
import { api, isApiError, ok } from "@/lib/api";
import { flashState } from "@/lib/flash";
import { invalidateEntity } from "@/lib/live";
import { RENEWS_SESSION, SESSION_QUERY_KEY } from "@/lib/query-client";
import { toast } from "@/lib/toast";

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

/**
 * What follows a sign-out, whichever kind: home with SPEC's 'Signed Out' toast, then the cached
 * CRM data is forgotten.
 */
function useLeaveCrm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // The next toaster would replay every toast still showing; only "Signed Out" should follow us home.
    toast.dismiss();
    // Leave first, then forget: clearing while still on /crm would flash the sign-in screen.
    await navigate("/", {
      state: flashState({ kind: "success", title: "Signed Out", description: "You have been logged out of the CRM system" }),
    });
    queryClient.clear();
  };
}

/** Logout: ends this tab's session and leaves the CRM. */
export function useSignOut() {
  const leave = useLeaveCrm();
  return useMutation({
    mutationFn: () => ok(api.auth.logout.$post()),
    onSuccess: leave,
    meta: { errorTitle: "Sign Out Failed" },
  });
}

/** Sign out everywhere: ends every session of the account, this one included, and leaves the CRM. */
export function useSignOutEverywhere() {
  const leave = useLeaveCrm();
  return useMutation({
    mutationFn: () => ok(api.auth["logout-all"].$post()),
    onSuccess: leave,
    meta: { errorTitle: "Sign Out Failed" },
  });
}

/**
 * Changes the signed-in user's password. The worker ends every other session and gives this tab a
 * fresh one, so nothing here changes but the audit trail (its keys start with "users"); a read that
 * meets the old session's end meanwhile is asked again (RENEWS_SESSION).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: RENEWS_SESSION,
    mutationFn: (input: PasswordChangeInput) => ok(api.auth.password.$post({ json: input })),
    onSuccess: () => invalidateEntity(queryClient, "users"),
    // The form shows field errors beside their fields and a 429 as a wait message; it words the rest.
    meta: { errorTitle: false },
  });
}
