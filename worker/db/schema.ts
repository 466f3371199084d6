/**
 * The whole D1 schema, the one place drizzle (drizzle.config.ts) and the code read tables from.
 * Each module keeps its own tables in its tables.ts; the platform's (rate limits, write guards)
 * are in platform/tables.ts. Enumerations are CHECK constraints built from the contract's lists,
 * so the database refuses exactly what the API refuses. Times are ISO-8601 UTC text.
 */
export * from "../modules/users-and-auth/tables";
export * from "../platform/tables";
export * from "../modules/settings/tables";
export * from "../modules/clients/tables";
export * from "../modules/leads/tables";
export * from "../modules/projects/tables";
export * from "../modules/proposals/tables";
export * from "../modules/invoices/tables";
export * from "../modules/instalments/tables";
export * from "../modules/tasks/tables";
export * from "../modules/activities/tables";
export * from "../modules/forms/tables";
export * from "../modules/previews/tables";
export * from "../modules/data/tables";
export * from "../modules/audit/tables";
export * from "../modules/jobs/tables";
export * from "../modules/calendar/tables";
export * from "../modules/shared-documents/tables";
export * from "../modules/mail/tables";
export * from "../modules/payments/tables";
export * from "../modules/bookings/tables";
export * from "../modules/retainers/tables";
export * from "../modules/credit-notes/tables";
