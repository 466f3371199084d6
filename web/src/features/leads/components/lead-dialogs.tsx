/**
 * One place that owns the lead dialogs (detail, edit, delete, Workflow Actions), so the board and
 * the table open them the same way: wrap a page in <LeadDialogsProvider> and call useLeadDialogs().
 */
import { createContext, use, useMemo, useState, type ReactNode } from "react";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import type { LeadDialogs, Open } from "./lead-dialog-types";

export type { LeadDialogs } from "./lead-dialog-types";

const Ctx = createContext<LeadDialogs | null>(null);

export function useLeadDialogs(): LeadDialogs {
  const ctx = use(Ctx);
  if (!ctx) throw new Error("useLeadDialogs needs <LeadDialogsProvider>");
  return ctx;
}

// The dialogs' code (forms, zod, Radix) loads when the first one opens: the board's first paint needs none of it.
const LeadDialogsHost = lazyDialog(() => import("./lead-dialogs-host").then((m) => m.LeadDialogsHost));

export function LeadDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  // Keep the last lead mounted while a dialog animates closed.
  const [last, setLast] = useState<Open>(null);
  const show = (o: Open) => {
    setOpen(o);
    setLast(o);
  };
  const api = useMemo<LeadDialogs>(
    () => ({
      openDetail: (lead) => show({ kind: "detail", lead }),
      openEdit: (lead) => show({ kind: "edit", lead }),
      askDelete: (lead) => show({ kind: "delete", lead }),
      openWorkflow: (lead, trigger) => show({ kind: "workflow", lead, trigger }),
    }),
    [],
  );
  const close = (o: boolean) => !o && setOpen(null);
  const current = open ?? last;

  return (
    <Ctx value={api}>
      {children}
      <LeadDialogsHost open={open !== null} current={current} close={close} api={api} />
    </Ctx>
  );
}
