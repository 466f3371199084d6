/**
 * Invoices, with client name, project title and the live shared link joined. An invoice's lines
 * and its total are written together, the total always the lines' sum; its paid date and method
 * follow its status. Share gives the client a link to the invoice's own page (/i/<token>).
 */
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import {
  amountCreditedPence,
  amountPaidPence,
  clients,
  invoice_links,
  invoices,
  payment_reminders,
  payments,
  projects,
} from "../../db/schema";
import {
  linesOf,
  linesTotal,
  type Invoice,
  type InvoiceStatus,
  type PaidMethod,
  type VatTreatment,
  type invoiceInput,
  type invoicePatch,
} from "../../../contract/invoice";
import { AppError, notFound, staleEdit } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { liveLinkColumns, withLiveLink } from "../shared-documents";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { requireUpdated, runBatch } from "../../platform/batch";
import { paymentsForStatusEdit, statusForTotal } from "../payments";
import type { SessionUser } from "../../../contract/user";
import { invalid } from "../../platform/validate";
import { qualified } from "../../platform/columns";
import { settledWrites } from "../instalments";

const joined = (db: Db) =>
  db
    .select({
      ...getTableColumns(invoices),
      client_name: clients.name,
      project_title: projects.title,
      contact_email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
      amount_paid_pence: amountPaidPence(invoices.id),
      amount_credited_pence: amountCreditedPence(invoices.id),
      credit_note_refs: sql<string>`(SELECT json_group_array(json_object('id', "cn"."id", 'number', "cn"."number")) FROM (SELECT "id", "number" FROM "credit_notes" WHERE "invoice_id" = ${qualified(invoices.id)} ORDER BY "created_at") AS "cn")`,
      payments_flagged: sql<number>`(SELECT count(*) FROM ${payments} WHERE ${payments.invoice_id} = ${invoices.id} AND ${payments.state} = 'flagged')`,
      last_reminded_on: sql<
        string | null
      >`(SELECT max(${payment_reminders.sent_on}) FROM ${payment_reminders} WHERE ${payment_reminders.invoice_id} = ${invoices.id})`,
      ...liveLinkColumns(invoice_links),
    })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .leftJoin(projects, eq(projects.id, invoices.project_id))
    // The live link: at most one (invoice_links_one_live).
    .leftJoin(invoice_links, and(eq(invoice_links.invoice_id, invoices.id), isNull(invoice_links.revoked_at)));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["all"]>>[number];
const shape = ({ contact_email, amount_paid_pence, amount_credited_pence, credit_note_refs, ...row }: JoinedRow): Invoice => {
  const { rest: inv, share } = withLiveLink(row);
  return {
    ...inv,
    amount_paid: amount_paid_pence / 100,
    amount_credited: amount_credited_pence / 100,
    credit_notes: JSON.parse(credit_note_refs) as Invoice["credit_notes"],
    contact_email: contact_email ?? null,
    share,
  };
};

export async function listInvoices(db: Db): Promise<Invoice[]> {
  return (await joined(db).orderBy(desc(invoices.created_at))).map(shape);
}

export async function getInvoice(db: Db, id: string): Promise<Invoice> {
  const [row] = await joined(db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw notFound("Invoice");
  return shape(row);
}

/**
 * The client must exist, the project must be that client's, and the number must be free. Answers
 * the VAT treatment the client gives a new invoice: none in the UK for a client based outside it.
 */
async function assertConsistent(
  db: Db,
  v: { number?: string; client_id?: string; project_id?: string | null },
  selfId?: string,
): Promise<VatTreatment | undefined> {
  const client = v.client_id
    ? await db.select({ outside_uk: clients.outside_uk }).from(clients).where(eq(clients.id, v.client_id)).get()
    : undefined;
  if (v.client_id && !client) throw invalid({ client_id: "That client does not exist" });
  if (v.project_id) {
    const project = await db.select({ client_id: projects.client_id }).from(projects).where(eq(projects.id, v.project_id)).get();
    if (!project || project.client_id !== v.client_id) throw invalid({ project_id: "Choose one of this client's projects" });
  }
  if (v.number) {
    const clash = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, v.number)).get();
    if (clash && clash.id !== selfId) throw numberTaken();
  }
  return client && (client.outside_uk ? "outside_uk" : "standard");
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

/** Paid: the method given (null clears it), else the one it has. Anything else: none. */
function paidMethodFor(status: InvoiceStatus, given: PaidMethod | null | undefined, had: PaidMethod | null): PaidMethod | null {
  if (status !== "Paid") return null;
  return given !== undefined ? given : had;
}

/** A paid date or method goes only with Paid: leaving Paid clears both. */
function assertPaidDetails(status: InvoiceStatus, v: { paid_date?: string | null; paid_method?: PaidMethod | null }) {
  if (status === "Paid") return;
  if (v.paid_date) throw invalid({ paid_date: "Only a paid invoice has a paid date" });
  if (v.paid_method) throw invalid({ paid_method: "Only a paid invoice has a payment method" });
}

/**
 * `made` is what only the CRM itself sets: a late-payment charge is outside the scope of VAT
 * whoever its client is, and names the invoice it charges for.
 */
export async function createInvoice(
  db: Db,
  input: z.output<typeof invoiceInput>,
  by: SessionUser | null = null,
  made: { vat_treatment: VatTreatment; late_charge_for: string } | null = null,
): Promise<Invoice> {
  const clientVat = await assertConsistent(db, input);
  const vat_treatment = made?.vat_treatment ?? clientVat;
  assertPaidDetails(input.status, input);
  const { total: _total, paid_date, paid_method, ...values } = input;
  const lines = linesOf(input)!;
  const total = linesTotal(lines);
  const now = nowIso();
  const id = newId();
  const paid = { paid_date: paidDateFor(input.status, paid_date, null), paid_method: paidMethodFor(input.status, paid_method, null) };
  // An invoice made Paid was paid: its payment is recorded with it (docs/decisions/0064-payments-and-stripe.md).
  const payment = await paymentsForStatusEdit(db, { id, status: "Draft", total }, { status: input.status, total, ...paid }, by);
  await orNumberTaken(
    runBatch(db, [
      db.insert(invoices).values({
        ...values,
        lines,
        total,
        ...paid,
        vat_treatment,
        late_charge_for: made?.late_charge_for ?? null,
        id,
        created_at: now,
        updated_at: now,
      }),
      ...payment,
    ]),
  );
  return getInvoice(db, id);
}

/**
 * A versioned edit. A payment request becoming Paid raises its VAT invoice in the same batch
 * (settledWrites, docs/decisions/0063); answers its id, for the route to share and e-mail as the
 * client's receipt once the batch has committed.
 */
export async function updateInvoice(
  db: Db,
  id: string,
  patch: z.output<typeof invoicePatch>,
  by: SessionUser | null = null,
): Promise<{ invoice: Invoice; raised: string[] }> {
  const { updated_at: seen, total: _total, lines: _lines, paid_date, paid_method, ...changes } = patch;
  const current = await getInvoice(db, id);
  const lines = linesOf(patch);
  const total = lines ? linesTotal(lines) : current.total;
  assertPaidDetails(changes.status ?? current.status, { paid_date, paid_method });
  // A new total can complete or reopen an invoice with payments; a status edit is taken as said.
  const status = changes.status ?? (lines ? await statusForTotal(db, current, current.status, total) : current.status);
  const clientId = changes.client_id ?? current.client_id;
  // Changing the client clears a project that belonged to the old one.
  const projectId =
    changes.project_id !== undefined
      ? changes.project_id
      : changes.client_id && changes.client_id !== current.client_id
        ? null
        : current.project_id;
  const clientVat = await assertConsistent(db, { number: changes.number, client_id: clientId, project_id: projectId }, id);
  // Moved to another client: it takes that client's treatment; a late-payment charge stays outside the scope.
  const vat_treatment =
    changes.client_id && changes.client_id !== current.client_id && current.vat_treatment !== "outside_scope" ? clientVat : undefined;
  if (current.updated_at !== seen) throw staleEdit("invoice");
  const paid = {
    paid_date: paidDateFor(status, paid_date, current.paid_date),
    paid_method: paidMethodFor(status, paid_method, current.paid_method),
  };
  const payments = await paymentsForStatusEdit(db, current, { status, total, ...paid }, by);
  // A payment request becoming Paid raises its VAT invoice in the same batch.
  const settled =
    status === "Paid" && current.status !== "Paid"
      ? await settledWrites(db, id, { paid_date: paid.paid_date!, paid_method: paid.paid_method })
      : { writes: [], raised: [] };
  await orNumberTaken(
    runBatch(db, [
      db
        .update(invoices)
        .set({
          ...changes,
          status,
          ...(lines && { lines, total }),
          ...paid,
          project_id: projectId,
          ...(vat_treatment && { vat_treatment }),
          updated_at: nextStamp(seen),
        })
        .where(and(eq(invoices.id, id), eq(invoices.updated_at, seen))),
      requireUpdated(db),
      ...payments,
      ...settled.writes,
    ]),
  );
  return { invoice: await getInvoice(db, id), raised: settled.raised };
}

export async function deleteInvoice(db: Db, id: string): Promise<void> {
  const rows = await db.delete(invoices).where(eq(invoices.id, id)).returning({ id: invoices.id });
  if (rows.length === 0) throw notFound("Invoice");
}
