/** The CRM's navigation as a drawer, for screens too small for the sidebar; loaded when first opened. */
import type { SessionUser } from "@contract/user";
import { DialogRoot, SheetContent } from "@/components/ui/dialog";
import { CrmNav } from "./crm-nav";

export function NavDrawer({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: SessionUser }) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <SheetContent title="CRM navigation">
        <CrmNav user={user} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </DialogRoot>
  );
}
