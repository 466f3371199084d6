/** Settings → Danger Zone's confirmation: type DELETE ALL to delete every CRM record (a backup is stored first). */
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";

export function DeleteAllDialog({
  open,
  onOpenChange,
  typed,
  onTypedChange,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  typed: string;
  onTypedChange: (typed: string) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete all CRM data?"
        description="This cannot be undone from here (restore the backup in Settings). Type DELETE ALL to confirm."
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed === "DELETE ALL") onConfirm();
          }}
        >
          <Field label="Type DELETE ALL">
            {(p) => <Input {...p} value={typed} onChange={(e) => onTypedChange(e.target.value)} autoComplete="off" />}
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={typed !== "DELETE ALL" || busy}>
              {busy ? "Deleting..." : "Delete Everything"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
