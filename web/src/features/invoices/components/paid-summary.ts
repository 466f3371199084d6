/** When and how an invoice was paid, as its card, its toasts and its printed page say it: "3 Dec 2026 · Bank transfer". */
import type { Invoice } from "@contract/invoice";
import { formatDate } from "@/lib/format";

export const paidSummary = (inv: Pick<Invoice, "paid_date" | "paid_method">) =>
  [formatDate(inv.paid_date), inv.paid_method].filter(Boolean).join(" · ");
