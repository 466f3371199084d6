/**
 * User Management: the people (role badges: Owner; 'Sales' for Head of Sales; disable/enable by an
 * Owner), invitations and their revoking (an invitation Cloudflare will not e-mail shows its link
 * to send by hand), and apart from them the shared team account behind the /crm gate, which is not
 * a person: no role or disable control, never an assignee or 'Who'.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import type { InviteInput, User } from "@contract/user";
import { isPerson, roles } from "@contract/user-values";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import type { PendingInvite } from "@contract/user-admin";
import type { EmailOutcome } from "@contract/email-outcome";
import { LinkHandOff, MailOutcomeNotice, mailtoOf } from "@/components/mail-outcome";
import { RecipientConfirm, useRecipientCheck } from "@/components/recipient-confirm";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input } from "@/components/ui/field";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { Skeleton } from "@/components/ui/skeleton";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { invitesQueryOptions, useInvite, useRevokeInvite, useSetDisabled, usersQueryOptions } from "@/features/users/api/users";

/** An invitation Cloudflare would not e-mail: why, and its link for the Owner to send by hand. */
interface Unsent {
  outcome: Extract<EmailOutcome, { sent: false }>;
  link: string;
}

/** zod and the contract's schema load when the form is first used, not with the page (docs/decisions/0026-crm-first-render.md). */
const validation = lazyZodResolver<InviteInput>(() => import("@contract/user").then((m) => m.inviteInput));

function InviteForm() {
  const invite = useInvite();
  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const empty: InviteInput = { email: "", role: "Sales" };
  const { register, handleSubmit, reset, setError, formState, control } = useForm({ resolver: validation.resolver, defaultValues: empty });
  // An address outside the studio's domains needs a tick; past the hour's sends, the form says when.
  const check = useRecipientCheck();
  const typed = useWatch({ control, name: "email" });
  const onSubmit = handleSubmit((values) =>
    invite.mutate(
      { ...values, confirm_recipient: check.confirmFor(values.email) },
      {
        onSuccess: ({ email, link }) => {
          check.sent();
          if (email.sent) {
            setUnsent(null);
            toast.success("Invitation sent", { description: `${values.email} will receive a link by e-mail.` });
          } else {
            // The invitation exists: the Owner sends its link themselves.
            setUnsent({ outcome: email, link: link! });
            toast.info("Invitation created, not e-mailed", { description: "Send its link yourself: it is shown below." });
          }
          reset(empty);
        },
        onError: (e) => check.failed(e, values.email) || applyFieldErrors(e, setError, ["email", "role"]),
      },
    ),
  );
  return (
    <>
      <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 grid items-start gap-3 sm:grid-cols-[1fr_10rem]">
        <Field label="Invite by e-mail" error={formState.errors.email?.message}>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="off" />}
        </Field>
        <Field label="Role" error={formState.errors.role?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("role")}>
              <NativeOptions values={roles} />
            </NativeSelect>
          )}
        </Field>
        <RecipientConfirm check={check} to={typed} label={(address) => `Invite ${address} anyway`} className="sm:col-span-2" />
        <Button type="submit" className="justify-self-start" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send Invite"}
        </Button>
      </form>
      {unsent && (
        <div
          className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4 text-sm"
          role="group"
          aria-label={`Invitation for ${unsent.outcome.to}`}
        >
          <MailOutcomeNotice outcome={unsent.outcome} />
          <LinkHandOff
            label={`Invitation link for ${unsent.outcome.to}`}
            hint={`Send it to them only: it works once and expires in 48 hours. The invitation is listed below until it is used.`}
            url={unsent.link}
            mailto={mailtoOf(unsent.outcome)}
            copied="Invitation link copied"
          />
          <Button variant="ghost" size="sm" onClick={() => setUnsent(null)}>
            Done
          </Button>
        </div>
      )}
    </>
  );
}

function SharedTeamAccess({ accounts }: { accounts: User[] }) {
  if (accounts.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4" role="group" aria-labelledby="shared-team-access">
      <h3 id="shared-team-access" className="text-sm font-semibold">
        Shared team access
      </h3>
      {accounts.map((a) => (
        <p key={a.id} className="mt-1 text-sm text-slate-700">
          <span className="font-medium">{a.full_name}</span> · {a.email}
          {a.disabled && " · turned off"}
        </p>
      ))}
      <p className="mt-1 text-sm text-slate-600">
        The CRM Access Password on the /crm sign-in screen opens this shared account. It is a way in, not a person, so it is never offered
        as a task assignee or as who logged an activity.
      </p>
    </div>
  );
}

function OpenInvites({ invites }: { invites: PendingInvite[] }) {
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<PendingInvite | null>(null);
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Open invitations</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm text-slate-600">
        {invites.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 wrap-anywhere">
              {i.email} · {i.role} · expires {formatDate(i.expires_at)}
            </span>
            <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${i.email}`} onClick={() => setRevoking(i)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke invitation"
        description={`Revoke the invitation to ${revoking?.email ?? ""}? Its link will stop working.`}
        confirmLabel="Revoke"
        onConfirm={() => revoke.mutateAsync(revoking!.id).then(() => toast.success("Invitation revoked"))}
      />
    </div>
  );
}

export function UserManagement({ isOwner, currentUserId }: { isOwner: boolean; currentUserId: string }) {
  const { data, isPending } = useQuery(usersQueryOptions());
  const invites = useQuery({ ...invitesQueryOptions(), enabled: isOwner });
  const setDisabled = useSetDisabled();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="user-management">
      <h2 id="user-management" className="text-lg font-semibold">
        User Management
      </h2>
      {isPending || !data ? (
        <Skeleton className="mt-4 h-32" />
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100" aria-label="People">
            {data.users.filter(isPerson).map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0 wrap-anywhere">
                  <p className="font-medium">
                    {u.full_name} {u.disabled && <span className="text-sm font-normal text-slate-500">(disabled)</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {u.email}
                    {u.job_title && ` · ${u.job_title}`}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={u.role === "Owner" ? "brick" : "blue"}>{u.role}</Badge>
                  {isOwner && u.id !== currentUserId && (
                    <Button
                      variant={u.disabled ? "secondary" : "ghost"}
                      size="sm"
                      disabled={setDisabled.isPending}
                      onClick={() =>
                        setDisabled.mutate(
                          { id: u.id, disabled: !u.disabled },
                          {
                            onSuccess: () =>
                              toast.success(u.disabled ? `${u.full_name} can sign in again` : `${u.full_name} has been disabled`),
                          },
                        )
                      }
                    >
                      {u.disabled ? "Enable" : "Disable"}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <SharedTeamAccess accounts={data.users.filter((u) => !isPerson(u))} />
        </>
      )}
      {isOwner && (
        <>
          <InviteForm />
          {invites.data && invites.data.invites.length > 0 && <OpenInvites invites={invites.data.invites} />}
        </>
      )}
    </section>
  );
}
