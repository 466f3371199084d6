/** The yes/no confirmation itself (confirm-dialog.tsx loads it when it first opens). */
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { DialogContent, DialogRoot, DialogClose } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. `Are you sure you want to delete "Acme"?` */
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" for destructive actions (default). */
  variant?: "danger" | "primary";
  onConfirm: () => void | Promise<unknown>;
}

export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  variant = "danger",
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the error (toast); keep the dialog open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  }
  return (
    <DialogRoot open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={title}>
        <div className="space-y-6">
          <div className="text-sm text-slate-700">{description}</div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button variant={variant} onClick={confirm} disabled={busy} aria-busy={busy}>
              {busy ? "Working…" : confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
