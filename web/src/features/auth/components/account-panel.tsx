/**
 * Settings → Your account: change one's own password, and sign out of every session. The shared
 * team account's password is the studio's, set from the command line, so its form is not offered.
 * Other features' account sections (the calendar feed) come in as children, from the page.
 */
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { LogOut } from "lucide-react";
import type { PasswordChangeInput } from "@contract/auth";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PasswordField } from "@/components/ui/form-fields";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { applyFieldErrors, waitMessage } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangePassword, useSignOutEverywhere } from "@/features/auth/api/session";

type PasswordForm = PasswordChangeInput & { confirm_password: string };

/** Loaded when the form is first used, not with the page (docs/decisions/0026-crm-first-render.md). */
const validation = lazyZodResolver<PasswordForm>(() => import("./password-form").then((m) => m.passwordForm));

const empty: PasswordForm = { current_password: "", new_password: "", confirm_password: "" };

function ChangePasswordForm() {
  const change = useChangePassword();
  // Problems that belong to no field: a 429's wait, or a failure the server words itself.
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({ resolver: validation.resolver, defaultValues: empty });

  const onSubmit = handleSubmit(({ current_password, new_password }) => {
    setProblem(null);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          toast.success("Password changed", { description: "You have been signed out everywhere else." });
          reset(empty);
        },
        onError: (error) => {
          if (applyFieldErrors(error, setError, ["current_password", "new_password"])) return;
          if (isApiError(error) && error.status === 401) return; // The gate takes over.
          const message =
            isApiError(error) && error.status === 429
              ? waitMessage(error.retryAfter)
              : isApiError(error)
                ? error.message
                : "An unexpected error occurred";
          setProblem(message);
          toast.error("Password not changed", { description: message });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4" aria-labelledby="change-password">
      <h3 id="change-password" className="text-base font-semibold">
        Change password
      </h3>
      <PasswordField control={control} name="current_password" label="Current password" autoComplete="current-password" required />
      <PasswordField
        control={control}
        name="new_password"
        label="New password"
        hint="At least 12 characters."
        autoComplete="new-password"
        required
      />
      <PasswordField control={control} name="confirm_password" label="Confirm new password" autoComplete="new-password" required />
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing..." : "Change password"}
      </Button>
    </form>
  );
}

function SignOutEverywhere({ isTeam }: { isTeam: boolean }) {
  const signOutAll = useSignOutEverywhere();
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-base font-semibold">Sign out everywhere</h3>
      <p className="mt-1 text-sm text-slate-600">
        {isTeam
          ? "Ends every session of the shared team account, on every colleague's device and this one."
          : "Ends every session of your account, on every device and this one."}
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden="true" />
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every session of this account ends, this one included. You will need to sign in again."
        confirmLabel="Sign out everywhere"
        onConfirm={() => signOutAll.mutateAsync()}
      />
    </div>
  );
}

/**
 * `isTeam`: whether the signed-in account is the shared team one; undefined while that is not yet known.
 * `children`: further sections of the account from features of their own (the daily digest, the calendar feed), shown before "Sign out everywhere".
 */
export function AccountPanel({ email, isTeam, children }: { email: string; isTeam: boolean | undefined; children?: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="your-account">
      <h2 id="your-account" className="text-lg font-semibold">
        Your account
      </h2>
      <p className="mt-1 text-sm text-slate-600">Signed in as {email}.</p>
      {isTeam === undefined ? (
        <Skeleton className="mt-4 h-56" />
      ) : isTeam ? (
        <p className="mt-4 text-sm text-slate-700">
          This is the shared team account. Its password is the studio&apos;s, so it is changed by the studio&apos;s owner from the command
          line, not here.
        </p>
      ) : (
        <ChangePasswordForm />
      )}
      {children}
      {isTeam !== undefined && <SignOutEverywhere isTeam={isTeam} />}
    </section>
  );
}
