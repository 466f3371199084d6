/**
 * /auth/invite#token=... : a colleague accepts an invitation (full name and password), then lands
 * on /crm signed in. The token rides in the URL fragment so it never reaches a server log or a
 * Referer header; it is read only in the browser, so the prerendered form is the same for all.
 */
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { acceptInviteInput } from "@contract/user";
import { AuthShell } from "@/components/layout/auth-shell";
import { Button } from "@/components/ui/button";
import { Field, Input, PasswordInput } from "@/components/ui/field";
import { api, isApiError, ok } from "@/lib/api";
import { applyFieldErrors } from "@/lib/form-errors";
import { flashState } from "@/lib/flash";
import { AppToaster, toast } from "@/lib/toast";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({ title: "Accept Invitation", description: "Join the Redbrick Studio CRM.", noindex: true }),
};

const formInput = acceptInviteInput.omit({ token: true });

const tokenFromHash = (hash: string) => new URLSearchParams(hash.slice(1)).get("token") ?? "";

export function Component() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  // Unknown until mounted: the server render has no fragment to read.
  const [tokenMissing, setTokenMissing] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formInput), defaultValues: { full_name: "", password: "" } });

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment exists only in the browser, after hydration
    setTokenMissing(tokenFromHash(hash).length < 10);
  }, [hash]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await ok(api.auth["accept-invite"].$post({ json: { ...values, token: tokenFromHash(hash) } }));
      navigate("/crm", {
        replace: true,
        state: flashState({ kind: "success", title: "Account Created", description: "Welcome to the Redbrick Studio CRM" }),
      });
    } catch (error) {
      if (applyFieldErrors(error, setError, ["full_name", "password"])) return;
      toast.error("Invitation Failed", { description: isApiError(error) ? error.message : "An unexpected error occurred" });
    }
  });

  return (
    <AuthShell
      title="Join Redbrick Studio"
      subtitle="Set your name and password to finish creating your CRM account."
      footer={
        <Link to="/auth" className="font-semibold text-brick-700 hover:underline">
          Already have an account? Sign in
        </Link>
      }
    >
      <AppToaster />
      {tokenMissing ? (
        <div role="alert" className="space-y-2 text-sm">
          <p className="font-semibold text-slate-900">This invitation link is not valid.</p>
          <p className="text-slate-600">Open the link from your invitation e-mail again, or ask the studio owner to send a new one.</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <Field label="Full name" error={errors.full_name?.message} required>
            {(p) => <Input {...p} {...register("full_name")} autoComplete="name" />}
          </Field>
          <Field label="Password" error={errors.password?.message} hint="At least 12 characters." required>
            {(p) => <PasswordInput {...p} {...register("password")} autoComplete="new-password" />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Creating account..." : "Create Account"}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
