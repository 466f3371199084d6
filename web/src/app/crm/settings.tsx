/**
 * /crm/settings: your account, data export/import, backups, danger zone, studio details, the
 * forecast's stage weights, users and the audit trail. Owner-only parts are hidden from Sales: export too, since it holds every
 * client's and lead's personal data (docs/guide/security.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import type { RouteHandle } from "@/lib/page-meta";
import { useDrawnInFull } from "@/lib/first-screen";
import { useSessionUser } from "@/features/auth/api/session";
import { AccountPanel } from "@/features/auth/components/account-panel";
import { DigestSwitch } from "@/features/digests/components/digest-switch";
import { FailedDigests } from "@/features/digests/components/failed-digests";
import { CalendarFeedPanel } from "@/features/calendar-feed/components/calendar-feed-panel";
import { AuditPanel } from "@/features/audit/components/audit-panel";
import { MailRefusals } from "@/features/audit/components/mail-refusals";
import { BackupsPanel, DangerZone, ExportPanel, ImportPanel } from "@/features/settings/components/data-panel";
import { StudioForm } from "@/features/settings/components/studio-form";
import { StageWeightsForm } from "@/features/settings/components/stage-weights-form";
import { XeroSettingsForm } from "@/features/settings/components/xero-settings-form";
import { LatePaymentForm } from "@/features/settings/components/late-payment-form";
import { PaymentSettingsForm } from "@/features/settings/components/payment-settings-form";
import { PaymentRemindersForm } from "@/features/settings/components/payment-reminders-form";
import { BookingSettingsForm } from "@/features/bookings/components/booking-settings-form";
import { UserManagement } from "@/features/users/components/user-management";
import { usersQueryOptions } from "@/features/users/api/users";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Settings – CRM", description: "Settings for the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const user = useSessionUser();
  const isOwner = user.role === "Owner";
  // The session says who, not whether it is the shared team account: the users list does.
  const { data: team } = useQuery(usersQueryOptions());
  const isTeam = team?.users.find((u) => u.id === user.id)?.is_team;
  // The first render builds the panels of the first screen (your account, and beside it on a desk
  // the export); the rest, below the first screen on any screen (measured: Import starts at 1,233 px
  // on a 1440 x 1000 desk, Export at 1,365 px on a phone), follow in a transition that React renders
  // between frames. Built all at once they held the page's first paint back by 150-230 ms. A link
  // to one of their headings (#backups) draws everything at once, so there is something to scroll to.
  const { hash } = useLocation();
  const rest = useDrawnInFull(true, hash !== "");
  return (
    <CrmPage title="Settings" description="Your account, data, studio details and the team.">
      {/* grid-cols-1, not the implicit column: a long e-mail address must not widen every panel past a phone's screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AccountPanel email={user.email} isTeam={team ? (isTeam ?? false) : undefined}>
          {/* The shared team account has no inbox of its own: no digest. */}
          {isTeam === false && <DigestSwitch />}
          <CalendarFeedPanel />
        </AccountPanel>
        {isOwner && <FailedDigests className="lg:col-span-2" />}
        {isOwner && <ExportPanel />}
        {rest && (
          <>
            {isOwner && <ImportPanel />}
            <StudioForm isOwner={isOwner} />
            <StageWeightsForm isOwner={isOwner} />
            <XeroSettingsForm isOwner={isOwner} />
            <LatePaymentForm isOwner={isOwner} />
            <PaymentSettingsForm isOwner={isOwner} />
            <PaymentRemindersForm isOwner={isOwner} />
            <BookingSettingsForm
              isOwner={isOwner}
              hosts={team?.users.filter((u) => !u.disabled && !u.is_team).map((u) => ({ id: u.id, full_name: u.full_name }))}
            />
            <UserManagement isOwner={isOwner} currentUserId={user.id} />
            {isOwner && <BackupsPanel />}
            {isOwner && <DangerZone />}
            {isOwner && <AuditPanel className="lg:col-span-2" />}
            {isOwner && <MailRefusals className="lg:col-span-2" />}
          </>
        )}
      </div>
    </CrmPage>
  );
}
