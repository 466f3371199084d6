export * from "./invoices";
export * from "./link-email";
