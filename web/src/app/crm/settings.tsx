/**
 * /crm/settings: data export/import, backups, danger zone, studio details, users. Owner-only parts
 * are hidden from Sales: export too, since it holds every client's and lead's personal data (issue 14).
 */
import type { RouteHandle } from "../../lib/page-meta";
import { useSessionUser } from "../../features/auth/api/session";
import { BackupsPanel, DangerZone, ExportPanel, ImportPanel } from "../../features/settings/components/data-panel";
import { StudioForm } from "../../features/settings/components/studio-form";
import { UserManagement } from "../../features/users/components/user-management";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Settings – CRM", description: "Settings for the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const user = useSessionUser();
  const isOwner = user.role === "Owner";
  return (
    <CrmPage title="Settings" description="Data, studio details and the team.">
      <div className="grid gap-6 lg:grid-cols-2">
        {isOwner && <ExportPanel />}
        {isOwner && <ImportPanel />}
        <StudioForm isOwner={isOwner} />
        <UserManagement isOwner={isOwner} currentUserId={user.id} />
        {isOwner && <BackupsPanel />}
        {isOwner && <DangerZone />}
      </div>
    </CrmPage>
  );
}
