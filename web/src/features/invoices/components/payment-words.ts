/** What an invoice's payments leave, as its card and dialogs say it, in pence so nothing drifts. */
import type { Invoice } from "@contract/invoice";

const pence = (n: number) => Math.round(n * 100);
type Money = Pick<Invoice, "total" | "amount_paid" | "amount_credited">;
/** The total less what was paid and what credit notes took off. */
export const balanceDue = (inv: Money) => Math.max(pence(inv.total) - pence(inv.amount_paid) - pence(inv.amount_credited), 0) / 100;
export const overpaidBy = (inv: Money) => Math.max(pence(inv.amount_paid) + pence(inv.amount_credited) - pence(inv.total), 0) / 100;
