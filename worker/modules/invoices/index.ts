export * from "./invoices";
