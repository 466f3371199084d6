/** The studio's invoices (INVOICES), numbered INV-{yyyy}{mm}-{3 digits}, each number once. */
import { linesTotal } from "../../contract/invoice";
import { INVOICES } from "./data/invoices";
import { stamps, type Row, type SeedBase, type SeedContext } from "./context";
import type { invoices } from "../../worker/db/schema";

export type InvoiceFields = Omit<
  Row<typeof invoices>,
  "total" | "date" | "due_date" | "paid_date" | "paid_method" | "created_at" | "updated_at"
> & {
  id: string;
  lines: { description: string; quantity: number; unit_price: number }[];
  /** Dated this many days ago, due 14 days after; a Paid one was paid within those 14 days. */
  dateDays: number;
  created_at: string;
};

/**
 * An invoice row, updated some time after it was created. A Paid one has the payment that paid it,
 * and the first one still owed a 50% deposit, so the CRM shows a balance due (docs/guide/payments.md).
 * Their ids come from the invoice's, not the random stream, so adding them changed no other row.
 */
export function addInvoice(ctx: SeedBase, { dateDays, created_at, ...invoice }: InvoiceFields): void {
  const { rand, clock } = ctx;
  const paid = invoice.status === "Paid";
  const total = linesTotal(invoice.lines);
  const row = {
    ...invoice,
    total,
    date: clock.date(-dateDays),
    due_date: clock.date(-dateDays + 14),
    paid_date: paid ? clock.date(-dateDays + rand.int(3, 13)) : null,
    paid_method: paid ? ("Bank transfer" as const) : null,
    ...stamps(ctx, created_at),
  };
  ctx.rows.invoices.push(row);
  const owed = invoice.status === "Sent" || invoice.status === "Overdue";
  const firstOwed = owed && !ctx.rows.payments.some((p) => p.id.endsWith("-deposit"));
  if (!paid && !firstOwed) return;
  ctx.rows.payments.push({
    id: `${invoice.id}-${paid ? "payment" : "deposit"}`,
    invoice_id: invoice.id,
    amount: paid ? total : Math.floor(total * 50) / 100,
    date: row.paid_date ?? clock.date(-dateDays + 2),
    method: "Bank transfer",
    reference: invoice.number,
    state: "succeeded",
    recorded_by: "Mark as paid",
    created_at: row.updated_at,
    updated_at: row.updated_at,
  });
}

export function seedInvoices(ctx: SeedContext): void {
  const { rand, clock, clientIds, projectIds } = ctx;
  const usedNumbers = new Set<string>();
  for (const inv of INVOICES) {
    const date = clock.date(-inv.dateDays);
    let number: string;
    do number = `INV-${date.slice(0, 4)}${date.slice(5, 7)}-${String(rand.int(100, 999))}`;
    while (usedNumbers.has(number));
    usedNumbers.add(number);
    const created_at = clock.ago(inv.dateDays, rand);
    addInvoice(ctx, {
      id: rand.uuid(),
      number,
      client_id: clientIds[inv.client],
      project_id: inv.project ? projectIds[inv.project] : null,
      lines: inv.lines,
      status: inv.status,
      dateDays: inv.dateDays,
      created_at,
    });
  }
}
