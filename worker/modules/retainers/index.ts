export { raiseDueRecurringInvoices, recurringSourceOf } from "./retainers";
