/** /auth : staff sign-in with e-mail and password (POST /api/auth/login), then on to /crm. */
import { useEffect } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginInput } from "@contract/auth";
import { AuthShell } from "@/components/layout/auth-shell";
import { Button } from "@/components/ui/button";
import { Field, Input, PasswordInput } from "@/components/ui/field";
import { api, isApiError, ok } from "@/lib/api";
import { applyFieldErrors, waitMessage } from "@/lib/form-errors";
import { flashState } from "@/lib/flash";
import { AppToaster, toast } from "@/lib/toast";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({ title: "Staff Sign In", description: "Sign in to the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: "", password: "" } });

  // Already signed in: skip the form.
  useEffect(() => {
    let live = true;
    ok(api.auth.me.$get())
      .then(() => live && navigate("/crm", { replace: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await ok(api.auth.login.$post({ json: values }));
      toast.dismiss();
      navigate("/crm", { state: flashState({ kind: "success", title: "Welcome back!" }) });
    } catch (error) {
      if (applyFieldErrors(error, setError, ["email", "password"])) return;
      const description =
        isApiError(error) && error.status === 429
          ? waitMessage(error.retryAfter)
          : isApiError(error)
            ? error.message
            : "An unexpected error occurred";
      toast.error("Sign In Failed", { description });
      // Beside the form too: a toast goes away, and a screen reader may miss it.
      setError("root.server", { message: description });
    }
  });

  return (
    <AuthShell
      title="Staff sign in"
      subtitle="Redbrick Studio CRM"
      footer={
        <>
          Using the shared team password?{" "}
          <Link to="/crm" className="font-semibold text-brick-700 hover:underline">
            Go to CRM access
          </Link>
        </>
      }
    >
      <AppToaster />
      {/* Posts natively until React runs: the worker signs in and redirects (worker/http/native-form.ts). */}
      <form method="post" action="/api/auth/login" onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="Email" error={errors.email?.message} required>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="username" inputMode="email" />}
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          {(p) => <PasswordInput {...p} {...register("password")} autoComplete="current-password" />}
        </Field>
        {errors.root?.server && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errors.root.server.message}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </AuthShell>
  );
}
