/**
 * The Hono app: /api/* and the page fallback for paths the assets layer has no file for.
 * Routes are chained so `AppType` carries every endpoint to the typed web client.
 */
import { Hono } from "hono";
import type { AppEnv } from "./env";
import { requestContext } from "./http/context";
import { sameOrigin } from "./http/origin";
import { publicBodyLimit } from "./http/body-limit";
import { isOwnerOnly, requireSession } from "./modules/users-and-auth";
import { currentUser } from "./modules/users-and-auth";
import { onError } from "./http/errors";
import { AppError } from "./platform/errors";
import { auth } from "./modules/users-and-auth/auth-routes";
import { usersRoute } from "./modules/users-and-auth/users-routes";
import { leadsRoute } from "./modules/leads/routes";
import { clientsRoute } from "./modules/clients/routes";
import { projectsRoute } from "./modules/projects/routes";
import { proposalsRoute } from "./modules/proposals/routes";
import { invoicesRoute } from "./modules/invoices/routes";
import { creditNotesRoute } from "./modules/credit-notes/routes";
import { invoicePaymentsRoute, paymentSettingsRoute } from "./modules/payments/routes";
import { bookingSettingsRoute, bookPages, bookRoute, callsRoute, moveRoute } from "./modules/bookings/routes";
import { stripeWebhookRoute } from "./modules/payments/webhook-routes";
import { payPages } from "./modules/payments/pay-routes";
import { instalmentsRoute } from "./modules/instalments/routes";
import { recurringInvoicesRoute } from "./modules/retainers/routes";
import { tasksRoute } from "./modules/tasks/routes";
import { activitiesRoute } from "./modules/activities/routes";
import { pagesRoute } from "./http/pages";
import { proposalPages } from "./modules/shared-documents/proposal-pages-routes";
import { mailRoute } from "./modules/mail/routes";
import { invoicePages } from "./modules/shared-documents/invoice-pages-routes";
import { previewPages } from "./modules/previews/preview-pages-routes";
import { searchRoute } from "./modules/search/routes";
import { liveRoute } from "./modules/live/routes";
import { forms } from "./modules/forms/forms-routes";
import { previews } from "./modules/previews/previews-routes";
import { previewAdminRoute } from "./modules/previews/preview-admin-routes";
import { settingsRoute } from "./modules/settings/routes";
import { dataRoute } from "./modules/data/data-routes";
import { backupsRoute } from "./modules/data/backups-routes";
import { userAdminRoute } from "./modules/users-and-auth/user-admin-routes";
import { digestsRoute } from "./modules/jobs/digests-routes";
import { formSubmissionsRoute } from "./modules/forms/form-submissions-routes";
import { auditRoute } from "./modules/audit/routes";
import { calendarFeedRoute, calendarRoute } from "./modules/calendar/routes";
import { dashboardRoute } from "./modules/dashboard/routes";
import { clientFeedbackRoute, previewApprovalsRoute, previewCommentsRoute } from "./modules/previews/preview-feedback-routes";

const crm = new Hono<AppEnv>()
  .use("*", requireSession)
  .route("/dashboard", dashboardRoute)
  .route("/leads", leadsRoute)
  .route("/search", searchRoute)
  .route("/clients", clientsRoute)
  .route("/clients", previewAdminRoute)
  .route("/clients", clientFeedbackRoute)
  .route("/preview-comments", previewCommentsRoute)
  .route("/preview-approvals", previewApprovalsRoute)
  .route("/projects", projectsRoute)
  .route("/proposals", proposalsRoute)
  .route("/invoices", invoicePaymentsRoute)
  .route("/invoices", invoicesRoute)
  .route("/instalments", instalmentsRoute)
  .route("/recurring-invoices", recurringInvoicesRoute)
  .route("/credit-notes", creditNotesRoute)
  .route("/tasks", tasksRoute)
  .route("/calls", callsRoute)
  .route("/activities", activitiesRoute)
  .route("/users", usersRoute)
  .route("/users", userAdminRoute)
  .route("/settings", paymentSettingsRoute)
  .route("/settings", bookingSettingsRoute)
  .route("/settings", settingsRoute)
  .route("/", dataRoute)
  .route("/backups", backupsRoute)
  .route("/form-submissions", formSubmissionsRoute)
  .route("/digests", digestsRoute)
  .route("/audit", auditRoute)
  .route("/calendar-feed", calendarFeedRoute)
  .route("/mail", mailRoute)
  .route("/live", liveRoute);

const api = new Hono<AppEnv>()
  .use("*", sameOrigin)
  .use("*", publicBodyLimit)
  .get("/health", (c) => c.json({ ok: true as const }, 200))
  .route("/auth", auth)
  .route("/", forms)
  .route("/book", bookRoute)
  .route("/book", moveRoute)
  .route("/previews", previews)
  .route("/calendar", calendarRoute)
  .route("/payments", stripeWebhookRoute)
  .route("/crm", crm)
  .all("*", () => {
    throw new AppError("not_found", "No such API endpoint");
  });

/** The API alone under its request context: the CRM shell's inline data is fetched through it in-process. */
const apiApp = new Hono<AppEnv>().use("*", requestContext).route("/api", api);

export const app = new Hono<AppEnv>()
  .use("*", requestContext)
  .route("/api", api)
  .route("/clients", previewPages)
  .route("/book", bookPages)
  .route("/p", proposalPages)
  .route("/i", payPages)
  .route("/i", invoicePages)
  .route("/", pagesRoute(apiApp, { currentUser, isOwnerOnly }));
app.onError(onError);

export type AppType = typeof app;
