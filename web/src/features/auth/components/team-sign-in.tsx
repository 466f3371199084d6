/**
 * The CRM gate's sign-in screen: one shared 'CRM Access Password' that signs in the Team
 * account (checked against a hash on the server; nothing secret lives in this code).
 */
import { Link } from "react-router-dom";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { teamLoginInput } from "@contract/auth";
import { AuthShell } from "@/components/layout/auth-shell";
import { Button } from "@/components/ui/button";
import { Field, PasswordInput } from "@/components/ui/field";
import { isApiError } from "@/lib/api";
import { waitMessage } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useTeamSignIn } from "@/features/auth/api/session";

export function TeamSignIn({ studioName }: { studioName: string }) {
  const signIn = useTeamSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(teamLoginInput), defaultValues: { password: "" } });

  const onSubmit = handleSubmit(({ password }) =>
    signIn.mutate(password, {
      onSuccess: () => {
        // Earlier "Access Denied" toasts are stale once the right password is in.
        toast.dismiss();
        toast.success("Welcome back!");
      },
      onError: (error) => {
        const [title, description] =
          isApiError(error) && error.status === 401
            ? ["Access Denied", "Invalid CRM access password"]
            : isApiError(error) && error.status === 429
              ? ["Access Denied", waitMessage(error.retryAfter)]
              : ["CRM Access Failed", isApiError(error) ? error.message : "An unexpected error occurred"];
        toast.error(title, { description });
        // Beside the field too: a toast goes away, and a screen reader may miss it.
        setError("password", { message: description });
      },
    }),
  );

  return (
    <AuthShell
      title={studioName}
      subtitle="Studio CRM"
      footer={
        <div className="space-y-3">
          <p className="inline-flex items-center gap-1.5 text-slate-500">
            <Lock className="size-3.5" aria-hidden="true" />
            Protected access • team only
          </p>
          <p>
            <Link to="/auth" className="font-semibold text-brick-700 hover:underline">
              Sign in with your staff email instead
            </Link>
          </p>
        </div>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="CRM Access Password" error={errors.password?.message} required>
          {(p) => <PasswordInput {...p} {...register("password")} autoComplete="current-password" autoFocus />}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Access CRM"}
        </Button>
      </form>
    </AuthShell>
  );
}
