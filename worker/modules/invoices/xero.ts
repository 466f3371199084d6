/** Export for Xero: the period's invoices, drafts left out, in Xero's import files (contract/xero.ts). */
import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { clients, credit_notes, invoices, projects } from "../../db/schema";
import { singleLine } from "../../../contract/invoice";
import { xeroCreditNoteFiles, xeroFiles, type XeroExport, type xeroExportQuery } from "../../../contract/xero";
import { getXeroSettings } from "../settings";
import { auditEvent, type AuditSource } from "../audit";

export async function xeroExport(
  db: Db,
  period: z.output<typeof xeroExportQuery>,
  studioName: string,
  source: AuditSource,
): Promise<XeroExport> {
  const [rows, notes, { settings }] = await Promise.all([
    db
      .select({
        number: invoices.number,
        status: invoices.status,
        date: invoices.date,
        due_date: invoices.due_date,
        lines: invoices.lines,
        total: invoices.total,
        vat_treatment: invoices.vat_treatment,
        client_name: clients.name,
        contact_email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
        project_title: projects.title,
      })
      .from(invoices)
      .leftJoin(clients, eq(clients.id, invoices.client_id))
      .leftJoin(projects, eq(projects.id, invoices.project_id))
      // Xero is given what the client was asked to pay: every invoice but a draft. A payment request is
      // not an invoice (docs/decisions/0063): the VAT invoice raised when it is paid is the one exported.
      .where(
        and(ne(invoices.status, "Draft"), eq(invoices.kind, "invoice"), gte(invoices.date, period.from), lte(invoices.date, period.to)),
      )
      .orderBy(asc(invoices.date), asc(invoices.number)),
    // Credit notes dated in the period against invoices Xero is given: one against a payment request
    // credits what Xero never saw (its VAT invoice is raised only when it is paid).
    db
      .select({
        number: credit_notes.number,
        date: credit_notes.date,
        amount: credit_notes.amount,
        description: credit_notes.description,
        invoice_number: invoices.number,
        client_name: clients.name,
        contact_email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
        vat_treatment: invoices.vat_treatment,
      })
      .from(credit_notes)
      .innerJoin(invoices, eq(invoices.id, credit_notes.invoice_id))
      .leftJoin(clients, eq(clients.id, credit_notes.client_id))
      .where(
        and(
          ne(invoices.status, "Draft"),
          eq(invoices.kind, "invoice"),
          gte(credit_notes.date, period.from),
          lte(credit_notes.date, period.to),
        ),
      )
      .orderBy(asc(credit_notes.date), asc(credit_notes.number)),
    getXeroSettings(db, studioName),
  ]);
  // A row written before invoices had lines (or through a raw import) is billed as its total alone.
  const list = rows.map(({ total, ...r }) => ({ ...r, lines: r.lines.length ? r.lines : [singleLine(total)] }));
  // Who took the studio's figures away, and which, as for the data export.
  await auditEvent(
    db,
    source,
    "export",
    `Exported ${list.length} ${list.length === 1 ? "invoice" : "invoices"}${notes.length ? ` and ${notes.length} ${notes.length === 1 ? "credit note" : "credit notes"}` : ""} for Xero (${period.from} to ${period.to})`,
  );
  return {
    invoices: list.length,
    files: xeroFiles(list, settings),
    credit_notes: notes.length,
    credit_note_files: xeroCreditNoteFiles(notes, settings),
  };
}
