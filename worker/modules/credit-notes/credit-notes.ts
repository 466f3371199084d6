/**
 * Cancelling a project, and the credit notes it writes (docs/decisions/0068-credit-notes.md).
 *
 * The Owner says, per document the project raised, what the studio's Terms keep; the rest of each
 * is credited. One batch cancels the project (versioned: a stale copy is refused) and writes every
 * credit note, each numbered from the `credit_note` series by two statements that run in order
 * inside the batch's transaction (bump the counter, insert the note numbered from it), as invoices
 * are numbered: two cancellations at once never share a number, and a failed batch leaves no gap.
 * A cancelled project's waiting instalments are never raised: the raise itself checks
 * `cancelled_at` (worker/modules/instalments), so no trigger or job needs to know.
 */
import { and, asc, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import {
  activities,
  amountCreditedPence,
  amountPaidPence,
  clients,
  credit_notes,
  invoices,
  number_series,
  projects,
} from "../../db/schema";
import { creditFor, creditLine, type CancellableDocument, type cancelProjectInput, type CreditNote } from "../../../contract/credit-note";
import { showsVat, vatIncludedIn } from "../../../contract/invoice";
import type { SessionUser } from "../../../contract/user";
import { AppError, notFound, staleEdit } from "../../platform/errors";
import { invalid } from "../../platform/validate";
import { newId } from "../../platform/ids";
import { londonToday, nextStamp } from "../../platform/time";
import { requireUpdated, runBatch, isGuardAbort } from "../../platform/batch";
import { formatGbp } from "../../platform/money";
import { getStudioSettings } from "../settings";

export const CREDIT_NOTE_PREFIX = "CN-";

const pence = (pounds: number) => Math.round(pounds * 100);

/** The documents a project raised and sent that cancelling can credit: not drafts, VAT receipts or late-payment charges. */
export async function cancellableDocuments(db: Db, projectId: string): Promise<CancellableDocument[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      total: invoices.total,
      paid: amountPaidPence(invoices.id),
      credited: amountCreditedPence(invoices.id),
    })
    .from(invoices)
    .where(
      and(eq(invoices.project_id, projectId), ne(invoices.status, "Draft"), isNull(invoices.settles_id), isNull(invoices.late_charge_for)),
    )
    .orderBy(asc(invoices.date), asc(invoices.number));
  return rows.map((r) => {
    const owed = pence(r.total) - r.paid - r.credited;
    return {
      id: r.id,
      number: r.number,
      kind: r.kind,
      total: r.total,
      paid: r.paid / 100,
      credited: r.credited / 100,
      balance: owed / 100,
    };
  });
}

/** The highest CN- number in use, so the series carries on past an imported note. */
const highestTaken = sql`(SELECT coalesce(max(CAST(substr("t"."number", ${CREDIT_NOTE_PREFIX.length + 1}) AS INTEGER)), 0)
  FROM "credit_notes" AS "t" WHERE "t"."number" GLOB 'CN-[0-9]*' AND substr("t"."number", 4) NOT GLOB '*[^0-9]*')`;

/**
 * Cancels the project and credits what the Terms do not keep. Answers the credit notes written.
 * A document not named keeps its whole; an amount above what the document still asks for is refused.
 */
export async function cancelProject(
  db: Db,
  projectId: string,
  input: z.output<typeof cancelProjectInput>,
  by: SessionUser,
  at = new Date(),
): Promise<{ creditNotes: CreditNote[]; cancelled_at: string }> {
  const project = await db
    .select({
      id: projects.id,
      title: projects.title,
      client_id: projects.client_id,
      cancelled_at: projects.cancelled_at,
      updated_at: projects.updated_at,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .get();
  if (!project) throw notFound("Project");
  if (project.cancelled_at) throw new AppError("validation_failed", "This project is already cancelled");
  if (project.updated_at !== input.updated_at) throw staleEdit("project");
  const documents = await cancellableDocuments(db, projectId);
  const byId = new Map(documents.map((d) => [d.id, d]));
  const credits: { document: CancellableDocument; amount: number }[] = [];
  input.documents.forEach((choice, i) => {
    const document = byId.get(choice.invoice_id);
    if (!document) throw invalid({ [`documents.${i}.invoice_id`]: "That document is not one this project raised" });
    const creditable = (pence(document.total) - pence(document.credited)) / 100;
    if (choice.keep === "amount" && pence(choice.amount ?? 0) > pence(creditable))
      throw invalid({
        [`documents.${i}.amount`]: `The Terms cannot keep more than ${document.number} asks for (${formatGbp(creditable)})`,
      });
    const amount = Math.min(creditFor(creditable, choice), creditable);
    if (amount > 0) credits.push({ document, amount });
  });
  const today = londonToday(at);
  const now = at.toISOString();
  const ids: string[] = [];
  const writes: BatchItem<"sqlite">[] = [];
  for (const [n, c] of credits.entries()) {
    const id = newId();
    ids.push(id);
    const stamp = new Date(at.getTime() + n + 1).toISOString();
    writes.push(
      db
        .update(number_series)
        .set({ last: sql`max(${sql.raw(`"number_series"."last"`)}, ${highestTaken}) + 1` })
        .where(eq(number_series.series, "credit_note")),
      db.insert(credit_notes).values({
        id,
        number: sql`${CREDIT_NOTE_PREFIX} || (SELECT "s"."last" FROM "number_series" AS "s" WHERE "s"."series" = 'credit_note')`,
        invoice_id: c.document.id,
        client_id: sql`(SELECT "d"."client_id" FROM "invoices" AS "d" WHERE "d"."id" = ${c.document.id})`,
        project_id: projectId,
        amount: c.amount,
        description: creditLine(c.document.number, `${project.title} (project cancelled)`),
        date: today,
        created_at: stamp,
        updated_at: stamp,
      }),
      db.insert(activities).values({
        id: newId(),
        who_username: by.id,
        who_name: null,
        who_kind: "staff",
        type: "Note",
        summary: `Credited ${formatGbp(c.amount)} on ${c.document.number}: the project was cancelled`,
        related_type: "invoice",
        related_id: c.document.id,
        created_at: stamp,
        updated_at: stamp,
      }),
    );
  }
  try {
    await runBatch(db, [
      db
        .update(projects)
        .set({ cancelled_at: now, updated_at: nextStamp(input.updated_at) })
        .where(and(eq(projects.id, projectId), eq(projects.updated_at, input.updated_at), isNull(projects.cancelled_at))),
      // A stale copy (or a second cancel) writes no credit note.
      requireUpdated(db),
      ...writes,
    ]);
  } catch (err) {
    if (isGuardAbort(err)) throw staleEdit("project");
    throw err;
  }
  const notes = ids.length ? await creditNotesWhere(db, sql`${credit_notes.id} IN ${ids}`, "") : [];
  return { creditNotes: notes, cancelled_at: now };
}

/** Credit notes as the CRM and the export read them, newest first. */
export async function listCreditNotes(db: Db, studioName: string, filter: { from?: string; to?: string } = {}): Promise<CreditNote[]> {
  const where = and(
    filter.from ? sql`${credit_notes.date} >= ${filter.from}` : undefined,
    filter.to ? sql`${credit_notes.date} <= ${filter.to}` : undefined,
  );
  return creditNotesWhere(db, where, studioName);
}

/** One credit note, for its printable page. */
export async function getCreditNote(db: Db, id: string, studioName: string): Promise<CreditNote> {
  const [note] = await creditNotesWhere(db, eq(credit_notes.id, id), studioName);
  if (!note) throw notFound("Credit note");
  return note;
}

async function creditNotesWhere(db: Db, where: SQL | undefined, studioName: string): Promise<CreditNote[]> {
  const [{ settings: studio }, rows] = await Promise.all([
    getStudioSettings(db, studioName),
    db
      .select({
        note: credit_notes,
        invoice_number: invoices.number,
        invoice_kind: invoices.kind,
        vat_treatment: invoices.vat_treatment,
        client_name: clients.name,
      })
      .from(credit_notes)
      .innerJoin(invoices, eq(invoices.id, credit_notes.invoice_id))
      .leftJoin(clients, eq(clients.id, credit_notes.client_id))
      .where(where)
      .orderBy(desc(credit_notes.created_at)),
  ]);
  return rows.map((r) => ({
    ...r.note,
    invoice_number: r.invoice_number,
    invoice_kind: r.invoice_kind,
    client_name: r.client_name,
    // As the credited document had it: a payment request is not a VAT invoice, so its credit carries none.
    vat: r.invoice_kind === "invoice" && showsVat(studio, { vat_treatment: r.vat_treatment }) ? vatIncludedIn(r.note.amount) : 0,
  }));
}
