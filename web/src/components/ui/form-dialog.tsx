/** A dialog that is one form: title, the fields, then Cancel and the submit button (which says it is busy while saving). */
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "./button";
import { DialogClose, DialogContent, DialogRoot } from "./dialog";

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  onSubmit,
  busy,
  submitLabel,
  busyLabel = "Saving...",
  stackActions = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** Buttons stacked full-width on small screens (the wider dialogs). */
  stackActions?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className={className}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {children}
          <div className={stackActions ? "flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end" : "flex justify-end gap-2 pt-2"}>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
