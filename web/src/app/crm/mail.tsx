/**
 * /crm/mail : Unfiled mail (docs/decisions/0023-mail-that-files-itself.md), for Owner and Sales. Filing uses Log Activity's record
 * picker, so a message is filed on a lead or client found by name, as an activity is.
 */
import type { RouteHandle } from "@/lib/page-meta";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { UnfiledMail } from "@/features/mail/components/unfiled-mail";
import { CrmPage } from "./components/crm-page";

/** The form (react-hook-form, the record picker, Radix) loads when a message is first filed, not with the list. */
const FileDialog = lazyDialog(() => import("./components/mail-file-dialog").then((m) => m.FileDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Unfiled mail – CRM", description: "E-mail sent to the CRM that needs a home.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Unfiled mail" description="E-mail Bcc'd or forwarded to the CRM that matched no lead or client, or several.">
      <UnfiledMail renderFile={(message, close) => <FileDialog open message={message} onClose={close} />} />
    </CrmPage>
  );
}
