/**
 * Invoices, with client name and project title joined. An invoice's lines and its total are written
 * together, the total always the lines' sum; its paid date follows its status.
 */
import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { clients, invoices, projects } from "../db/schema";
import { linesOf, linesTotal, type Invoice, type InvoiceStatus, type invoiceInput, type invoicePatch } from "../../contract/invoice";
import { AppError, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { londonToday, nextStamp, nowIso } from "../lib/time";
import { versionedResult } from "../lib/versioned";
import { invalid } from "../lib/validate";

const joined = (db: Db) =>
  db
    .select({ ...getTableColumns(invoices), client_name: clients.name, project_title: projects.title })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .leftJoin(projects, eq(projects.id, invoices.project_id));

export function listInvoices(db: Db): Promise<Invoice[]> {
  return joined(db).orderBy(desc(invoices.created_at));
}

export async function getInvoice(db: Db, id: string): Promise<Invoice> {
  const [row] = await joined(db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw notFound("Invoice");
  return row;
}

/** The client must exist, the project must be that client's, and the number must be free. */
async function assertConsistent(db: Db, v: { number?: string; client_id?: string; project_id?: string | null }, selfId?: string) {
  if (v.client_id && !(await db.select({ id: clients.id }).from(clients).where(eq(clients.id, v.client_id)).get()))
    throw invalid({ client_id: "That client does not exist" });
  if (v.project_id) {
    const project = await db.select({ client_id: projects.client_id }).from(projects).where(eq(projects.id, v.project_id)).get();
    if (!project || project.client_id !== v.client_id) throw invalid({ project_id: "Choose one of this client's projects" });
  }
  if (v.number) {
    const clash = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, v.number)).get();
    if (clash && clash.id !== selfId) throw numberTaken();
  }
}

const numberTaken = () =>
  new AppError("conflict", "That invoice number is already used", { number: "That invoice number is already used" });

/** Two people saving the same number at once: the unique index decides, answered as the same field error. */
async function orNumberTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const text = err instanceof Error ? `${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}` : "";
    if (text.includes("UNIQUE constraint failed") && text.includes("invoices.number")) throw numberTaken();
    throw err;
  }
}

/** Paid: the date given, else the one it has, else today in London. Anything else: none. */
function paidDateFor(status: InvoiceStatus, given: string | null | undefined, had: string | null): string | null {
  if (status !== "Paid") return null;
  return given ?? had ?? londonToday();
}

export async function createInvoice(db: Db, input: z.output<typeof invoiceInput>): Promise<Invoice> {
  await assertConsistent(db, input);
  if (input.paid_date && input.status !== "Paid") throw invalid({ paid_date: "Only a paid invoice has a paid date" });
  const { total: _total, paid_date, ...values } = input;
  const lines = linesOf(input)!;
  const now = nowIso();
  const id = newId();
  await orNumberTaken(
    db
      .insert(invoices)
      .values({
        ...values,
        lines,
        total: linesTotal(lines),
        paid_date: paidDateFor(input.status, paid_date, null),
        id,
        created_at: now,
        updated_at: now,
      })
      .run(),
  );
  return getInvoice(db, id);
}

export async function updateInvoice(db: Db, id: string, patch: z.output<typeof invoicePatch>): Promise<Invoice> {
  const { updated_at: seen, total: _total, lines: _lines, paid_date, ...changes } = patch;
  const current = await getInvoice(db, id);
  const lines = linesOf(patch);
  const status = changes.status ?? current.status;
  if (paid_date && status !== "Paid") throw invalid({ paid_date: "Only a paid invoice has a paid date" });
  const clientId = changes.client_id ?? current.client_id;
  // Changing the client clears a project that belonged to the old one.
  const projectId =
    changes.project_id !== undefined
      ? changes.project_id
      : changes.client_id && changes.client_id !== current.client_id
        ? null
        : current.project_id;
  await assertConsistent(db, { number: changes.number, client_id: clientId, project_id: projectId }, id);
  const rows = await orNumberTaken(
    db
      .update(invoices)
      .set({
        ...changes,
        ...(lines && { lines, total: linesTotal(lines) }),
        paid_date: paidDateFor(status, paid_date, current.paid_date),
        project_id: projectId,
        updated_at: nextStamp(seen),
      })
      .where(and(eq(invoices.id, id), eq(invoices.updated_at, seen)))
      .returning({ id: invoices.id })
      .all(),
  );
  await versionedResult(rows, () => db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id)).get(), "Invoice");
  return getInvoice(db, id);
}

export async function deleteInvoice(db: Db, id: string): Promise<void> {
  const rows = await db.delete(invoices).where(eq(invoices.id, id)).returning({ id: invoices.id });
  if (rows.length === 0) throw notFound("Invoice");
}
