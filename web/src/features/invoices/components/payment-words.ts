/** What an invoice's payments leave, as its card and dialogs say it, in pence so nothing drifts. */
import type { Invoice } from "@contract/invoice";

const pence = (n: number) => Math.round(n * 100);
export const balanceDue = (inv: Pick<Invoice, "total" | "amount_paid">) => Math.max(pence(inv.total) - pence(inv.amount_paid), 0) / 100;
export const overpaidBy = (inv: Pick<Invoice, "total" | "amount_paid">) => Math.max(pence(inv.amount_paid) - pence(inv.total), 0) / 100;
