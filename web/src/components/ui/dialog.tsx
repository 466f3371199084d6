/** Modal dialog and side sheet on Radix Dialog (focus trap, Escape, aria wiring come from Radix). */
import { useRef, type ReactNode } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "./icons";
import { cn } from "@/lib/cn";

export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface ContentProps {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

const overlay = "fixed inset-0 z-50 bg-slate-950/50";

/**
 * Radix gives the focus back to its own Trigger on close, and most of our dialogs have none: they
 * open from a card, a menu or a finished save, and the focus fell to <body>. Give it back to whatever
 * held it when the dialog opened, if that is still on the page, without scrolling to it.
 */
function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      if (!el?.isConnected || el === document.body) return;
      event.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}

export function DialogContent({ title, description, children, className }: ContentProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlay} />
      <RadixDialog.Content
        {...returnFocus}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-2xl bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <RadixDialog.Title className="font-display text-lg font-semibold text-ink">{title}</RadixDialog.Title>
            {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
          </div>
          <RadixDialog.Close className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div className="mt-5">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A panel sliding from the left: the CRM's navigation drawer on small screens. */
export function SheetContent({ title, children }: { title: string; children: ReactNode }) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlay} />
      <RadixDialog.Content
        {...returnFocus}
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-slate-950 text-slate-200 shadow-xl focus:outline-none"
      >
        <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
        <RadixDialog.Close
          className="absolute top-4 right-3 rounded-md p-1 text-slate-400 hover:bg-white/10 hover:text-white"
          aria-label="Close menu"
        >
          <X className="size-5" aria-hidden="true" />
        </RadixDialog.Close>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
