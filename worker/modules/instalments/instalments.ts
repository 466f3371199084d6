/**
 * Instalments raised by themselves (docs/decisions/0063-instalments-raised-by-themselves.md).
 *
 * An accepted proposal's payment schedule becomes instalment records in the acceptance's batch,
 * and each is raised, at most once, as a payment request or an invoice when it falls due: on
 * acceptance (in that same batch), on the client's launch approval and on the project's
 * completion (in the batch that records them), and on a date (the daily job). Every raise is three
 * statements that share one condition, evaluated in order inside the batch's transaction: bump the
 * series' counter, insert the document numbered from it, and claim the instalment (`raised_at`
 * set only where it is null). A retried or repeated raise finds the claim and writes nothing; it
 * never aborts the batch it rides in, so an approval or a completion never fails because of it.
 *
 * The amount follows one rule, so that what is raised for a project adds up to what was accepted:
 * the last instalment waiting on a project takes what is left of its accepted totals after every
 * document already raised for it (as those documents now stand); any other takes its scheduled
 * amount, never more than what is left (`instalmentAmount` below, mirrored in SQL).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { invoices, instalments, leads, preview_approvals, projects, proposals } from "../../db/schema";
import { scheduleAmounts, type PaymentDue, type PaymentSchedule } from "../../../contract/payment-schedule-values";
import type { InvoiceKind, PaidMethod } from "../../../contract/invoice-values";
import { instalmentState, type Instalment } from "../../../contract/instalment";
import { newId } from "../../platform/ids";
import { addDays, londonToday, nowIso } from "../../platform/time";
import { getStudioSettings } from "../settings";
import { bumpSeries, takenNumberSql } from "./numbering";
import { clientVatTreatment, raisedInvoiceSelection } from "./raised";

/** What a raise needs from the studio and the clock. */
export interface RaiseContext {
  /** A VAT-registered studio asks for advance payments with payment requests, not VAT invoices. */
  vatRegistered: boolean;
  /** Days from a document's date to its due date (Settings → Studio Details). */
  termsDays: number;
  /** Today in London: the document's date. */
  today: string;
  now: string;
}

export async function raiseContextOf(db: Db, studioName: string, at = new Date()): Promise<RaiseContext> {
  const { settings } = await getStudioSettings(db, studioName);
  return {
    vatRegistered: Boolean(settings.vat_number),
    termsDays: settings.payment_terms_days,
    today: londonToday(at),
    now: at.toISOString(),
  };
}

/**
 * An advance payment (asked for before the work is delivered: on acceptance, or on a date) is a
 * payment request for a VAT-registered studio, since a VAT invoice would fix the tax point before
 * the money arrives; what falls due at launch approval or completion is invoiced.
 */
export const kindFor = (due: PaymentDue, ctx: Pick<RaiseContext, "vatRegistered">): InvoiceKind =>
  ctx.vatRegistered && (due === "on_acceptance" || due === "on_date") ? "payment_request" : "invoice";

/**
 * The amount rule, in pence, as a pure function (the property tests drive it; `amountPenceSql` is
 * the same rule in SQL, for the batch): the last instalment waiting takes what is left, any other
 * its scheduled amount but never more than what is left, and never less than nothing.
 */
export function instalmentAmount(a: { scheduled: number; accepted: number; raised: number; othersWaiting: number }): number {
  const left = a.accepted - a.raised;
  return Math.max(0, a.othersWaiting === 0 ? left : Math.min(a.scheduled, left));
}

const pence = (column: SQL) => sql`CAST(round(${column} * 100) AS INTEGER)`;

/** The instalment's amount in pence by `instalmentAmount`, read inside the batch that raises it. */
function amountPenceSql(instalmentId: string): SQL {
  // The project's instalments, or the proposal's when the acceptance had no project.
  const scope = sql.raw(
    `(CASE WHEN "i"."project_id" IS NULL THEN "x"."proposal_id" = "i"."proposal_id" ELSE "x"."project_id" = "i"."project_id" END)`,
  );
  const accepted = sql`(SELECT sum(${pence(sql.raw(`"x"."amount"`))}) FROM "instalments" AS "x" WHERE ${scope})`;
  const raised = sql`(SELECT coalesce(sum(${pence(sql.raw(`"d"."total"`))}), 0) FROM "instalments" AS "x" JOIN "invoices" AS "d" ON "d"."id" = "x"."invoice_id" WHERE ${scope} AND "x"."id" <> "i"."id")`;
  const othersWaiting = sql`(SELECT count(*) FROM "instalments" AS "x" WHERE ${scope} AND "x"."raised_at" IS NULL AND "x"."id" <> "i"."id")`;
  return sql`(SELECT max(0, CASE WHEN ${othersWaiting} = 0 THEN ${accepted} - ${raised}
    ELSE min(${pence(sql.raw(`"i"."amount"`))}, ${accepted} - ${raised}) END)
    FROM "instalments" AS "i" WHERE "i"."id" = ${instalmentId})`;
}

/** One raise: what the document is, for whom, and when. */
interface Raise {
  instalmentId: string;
  documentId: string;
  kind: InvoiceKind;
  clientId: string;
  projectId: string | null;
  description: string;
}

/** The three statements of one raise (see the header): nothing is written unless the instalment waits and something is owed. */
function raiseStatements(db: Db, r: Raise, ctx: RaiseContext): BatchItem<"sqlite">[] {
  const amount = amountPenceSql(r.instalmentId);
  // A cancelled project's instalments are never raised (docs/decisions/0068), even by a raise read before the cancel committed.
  const when = sql`EXISTS (SELECT 1 FROM "instalments" AS "w" WHERE "w"."id" = ${r.instalmentId} AND "w"."raised_at" IS NULL)
    AND NOT EXISTS (SELECT 1 FROM "projects" AS "cp" WHERE "cp"."id" = ${r.projectId} AND "cp"."cancelled_at" IS NOT NULL) AND ${amount} > 0`;
  // Whole pounds as an integer, so the lines' JSON reads 300, not 300.0, as JSON.stringify writes it.
  const pounds = sql`(CASE WHEN ${amount} % 100 = 0 THEN ${amount} / 100 ELSE ${amount} / 100.0 END)`;
  return [
    bumpSeries(db, r.kind, when),
    db.insert(invoices).select(
      db
        .select(
          raisedInvoiceSelection({
            id: sql`${r.documentId}`,
            number: takenNumberSql(r.kind),
            client_id: sql`${r.clientId}`,
            project_id: sql`${r.projectId}`,
            lines: sql`json_array(json_object('description', ${r.description}, 'quantity', 1, 'unit_price', ${pounds}))`,
            total: pounds,
            date: sql`${ctx.today}`,
            due_date: sql`${addDays(ctx.today, ctx.termsDays)}`,
            vat_treatment: clientVatTreatment(r.clientId),
            kind: sql`${r.kind}`,
            created_at: sql`${ctx.now}`,
            updated_at: sql`${ctx.now}`,
          }),
        )
        .from(sql`(SELECT 1)`)
        .where(when),
    ),
    db
      .update(instalments)
      .set({ raised_at: ctx.now, invoice_id: r.documentId, updated_at: ctx.now })
      .where(
        and(
          eq(instalments.id, r.instalmentId),
          isNull(instalments.raised_at),
          sql`EXISTS (SELECT 1 FROM "invoices" AS "d" WHERE "d"."id" = ${r.documentId})`,
        ),
      ),
  ];
}

/** The writes of some raises, and the documents they may have made, to share and e-mail once the batch commits. */
export interface RaiseWrites {
  writes: BatchItem<"sqlite">[];
  /** Ids the documents will have if raised; deliverRaised sends those that exist. */
  raised: string[];
}

const lineText = (label: string, title: string) => `${label}: ${title}`.slice(0, 300);

/**
 * The acceptance's writes, for its batch: the schedule fixed as instalments (with the project the
 * acceptance started or carried on), the proposal pointed at that project, and whatever falls due
 * on acceptance raised. With no client yet (a lead's proposal accepted in the CRM before it was
 * converted), the deposit waits for the daily job, which raises it once there is one.
 */
export function acceptanceWrites(
  db: Db,
  a: {
    proposalId: string;
    title: string;
    schedule: PaymentSchedule;
    value: number | null;
    projectId: string | null;
    clientId: string | null;
    /** What has already happened to the project: a change accepted after launch approval is not left waiting for it. */
    passed?: PaymentDue[];
  },
  ctx: RaiseContext,
): RaiseWrites {
  const priced = scheduleAmounts(a.schedule, a.value).instalments;
  const rows = priced.map((i, position) => ({
    id: newId(),
    proposal_id: a.proposalId,
    position,
    label: i.label,
    amount: i.amount ?? 0,
    due: i.due,
    due_date: i.due_date,
    project_id: a.projectId,
    created_at: ctx.now,
    updated_at: ctx.now,
  }));
  const writes: BatchItem<"sqlite">[] = [
    // A second acceptance of the same proposal adds nothing: the schedule was fixed by the first.
    db.insert(instalments).values(rows).onConflictDoNothing(),
    ...(a.projectId ? [db.update(proposals).set({ project_id: a.projectId }).where(eq(proposals.id, a.proposalId))] : []),
  ];
  const raised: string[] = [];
  if (a.clientId)
    for (const row of rows.filter((r) => dueNow(r, a.passed ?? [], ctx))) {
      const documentId = newId();
      raised.push(documentId);
      writes.push(
        ...raiseStatements(
          db,
          {
            instalmentId: row.id,
            documentId,
            kind: kindFor(row.due, ctx),
            clientId: a.clientId,
            projectId: a.projectId,
            description: lineText(row.label, a.title),
          },
          ctx,
        ),
      );
    }
  return { writes, raised };
}

/** Whether an instalment falls due as its proposal is accepted: on acceptance, or on what has already happened or come. */
const dueNow = (i: { due: PaymentDue; due_date: string | null }, passed: PaymentDue[], ctx: RaiseContext) =>
  i.due === "on_acceptance" || passed.includes(i.due) || (i.due === "on_date" && !!i.due_date && i.due_date <= ctx.today);

/**
 * What has already happened to a project that a proposal accepted now carries on: its launch
 * approval (a client's approval that moved it), its completion.
 */
export async function passedDues(db: Db, projectId: string | null): Promise<PaymentDue[]> {
  if (!projectId) return [];
  const [project, approval] = await Promise.all([
    db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId)).get(),
    db.select({ id: preview_approvals.id }).from(preview_approvals).where(eq(preview_approvals.project_id, projectId)).get(),
  ]);
  return [...(approval ? (["on_launch_approval"] as const) : []), ...(project?.status === "Completed" ? (["on_completion"] as const) : [])];
}

const forLead = alias(leads, "for_lead");
const ofProject = alias(projects, "of_project");

/** Waiting instalments matching `where`, with whom and what project their document is for. */
async function waiting(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: instalments.id,
      label: instalments.label,
      due: instalments.due,
      title: proposals.title,
      project_id: sql<string | null>`coalesce(${instalments.project_id}, ${proposals.project_id})`,
      client_id: sql<string | null>`coalesce(${proposals.client_id}, ${forLead.converted_to_client_id}, ${ofProject.client_id})`,
    })
    .from(instalments)
    .innerJoin(proposals, eq(proposals.id, instalments.proposal_id))
    .leftJoin(forLead, eq(forLead.id, proposals.lead_id))
    .leftJoin(ofProject, eq(ofProject.id, sql`coalesce(${instalments.project_id}, ${proposals.project_id})`))
    .where(and(isNull(instalments.raised_at), eq(proposals.status, "Accepted"), isNull(ofProject.cancelled_at), where))
    .orderBy(asc(instalments.proposal_id), asc(instalments.position));
}

function raisesOf(db: Db, rows: Awaited<ReturnType<typeof waiting>>, ctx: RaiseContext): RaiseWrites {
  const out: RaiseWrites = { writes: [], raised: [] };
  for (const row of rows) {
    if (!row.client_id) continue;
    const documentId = newId();
    out.raised.push(documentId);
    out.writes.push(
      ...raiseStatements(
        db,
        {
          instalmentId: row.id,
          documentId,
          kind: kindFor(row.due, ctx),
          clientId: row.client_id,
          projectId: row.project_id,
          description: lineText(row.label, row.title),
        },
        ctx,
      ),
    );
  }
  return out;
}

/**
 * What a project's event raises, for the batch that records it: the client's launch approval
 * raises the instalments due on it, the project's completion those due on that, of every proposal
 * that started or carried on the project. A proposal accepted before it had one (in the CRM, for
 * a lead) counts when the project is its lead's.
 */
export async function projectEventWrites(
  db: Db,
  projectId: string,
  due: Extract<PaymentDue, "on_launch_approval" | "on_completion">,
  ctx: RaiseContext,
): Promise<RaiseWrites> {
  const project = await db.select({ lead_id: projects.lead_id }).from(projects).where(eq(projects.id, projectId)).get();
  if (!project) return { writes: [], raised: [] };
  const ofThisProject = or(
    eq(instalments.project_id, projectId),
    and(isNull(instalments.project_id), eq(proposals.project_id, projectId)),
    project.lead_id ? and(isNull(instalments.project_id), isNull(proposals.project_id), eq(proposals.lead_id, project.lead_id)) : undefined,
  );
  return raisesOf(db, await waiting(db, and(eq(instalments.due, due), ofThisProject)), ctx);
}

/**
 * The daily job's raises: instalments due on a date that is today or past in London, and deposits
 * that waited for their proposal to have a client.
 */
export async function dueByDateWrites(db: Db, ctx: RaiseContext): Promise<RaiseWrites> {
  const rows = await waiting(
    db,
    or(and(eq(instalments.due, "on_date"), lte(instalments.due_date, ctx.today)), eq(instalments.due, "on_acceptance")),
  );
  return raisesOf(db, rows, ctx);
}

/**
 * "A document became paid": when a payment request is paid, the VAT invoice for it (Paid, the
 * same lines, numbered in the invoice series), for the batch that marks it paid. At most one per
 * request, whatever is retried: the insert is conditional, and the unique index on `settles_id`
 * backs it. Payments made by any path (Mark as paid today, an online payment later) call this.
 * Anything but a payment request raises nothing.
 */
export async function settledWrites(
  db: Db,
  invoiceId: string,
  paid: { paid_date: string; paid_method: PaidMethod | null },
  now = nowIso(),
): Promise<RaiseWrites> {
  const request = await db.select({ kind: invoices.kind }).from(invoices).where(eq(invoices.id, invoiceId)).get();
  if (request?.kind !== "payment_request") return { writes: [], raised: [] };
  const id = newId();
  const r = alias(invoices, "request");
  const when = sql`NOT EXISTS (SELECT 1 FROM "invoices" AS "s" WHERE "s"."settles_id" = ${invoiceId})`;
  return {
    raised: [id],
    writes: [
      bumpSeries(db, "invoice", when),
      db.insert(invoices).select(
        db
          .select(
            raisedInvoiceSelection({
              id: sql`${id}`,
              number: takenNumberSql("invoice"),
              client_id: sql`${r.client_id}`,
              project_id: sql`${r.project_id}`,
              lines: sql`${r.lines}`,
              total: sql`${r.total}`,
              date: sql`${paid.paid_date}`,
              due_date: sql`${paid.paid_date}`,
              status: sql`'Paid'`,
              paid_date: sql`${paid.paid_date}`,
              paid_method: sql`${paid.paid_method}`,
              vat_treatment: sql`${r.vat_treatment}`,
              settles_id: sql`${invoiceId}`,
              created_at: sql`${now}`,
              updated_at: sql`${now}`,
            }),
          )
          .from(r)
          .where(and(eq(r.id, invoiceId), when)),
      ),
    ],
  };
}

const vatInvoice = alias(invoices, "vat_invoice");

/** Instalments as the CRM shows them: a proposal's, or a project's, in order, each with what was raised for it. */
export async function instalmentsOf(db: Db, filter: { proposalIds?: string[]; projectId?: string }): Promise<Instalment[]> {
  if (filter.proposalIds && filter.proposalIds.length === 0) return [];
  const rows = await db
    .select({
      id: instalments.id,
      proposal_id: instalments.proposal_id,
      proposal_title: proposals.title,
      position: instalments.position,
      label: instalments.label,
      amount: instalments.amount,
      due: instalments.due,
      due_date: instalments.due_date,
      project_id: sql<string | null>`coalesce(${instalments.project_id}, ${proposals.project_id})`,
      raised_at: instalments.raised_at,
      document_id: invoices.id,
      document_number: invoices.number,
      document_kind: invoices.kind,
      document_status: invoices.status,
      document_total: invoices.total,
      vat_id: vatInvoice.id,
      vat_number: vatInvoice.number,
    })
    .from(instalments)
    .innerJoin(proposals, eq(proposals.id, instalments.proposal_id))
    .leftJoin(invoices, eq(invoices.id, instalments.invoice_id))
    .leftJoin(vatInvoice, eq(vatInvoice.settles_id, invoices.id))
    .where(
      and(
        filter.proposalIds ? inArray(instalments.proposal_id, filter.proposalIds) : undefined,
        filter.projectId
          ? or(
              eq(instalments.project_id, filter.projectId),
              and(isNull(instalments.project_id), eq(proposals.project_id, filter.projectId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(proposals.created_at), asc(instalments.proposal_id), asc(instalments.position));
  return rows.map(({ document_id, document_number, document_kind, document_status, document_total, vat_id, vat_number, ...i }) => {
    const document =
      document_id && document_number && document_kind && document_status && document_total !== null
        ? { id: document_id, number: document_number, kind: document_kind, status: document_status, total: document_total }
        : null;
    return {
      ...i,
      document,
      vat_invoice: vat_id && vat_number ? { id: vat_id, number: vat_number } : null,
      state: instalmentState(document, i.raised_at),
    };
  });
}
