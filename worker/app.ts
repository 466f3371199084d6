/**
 * The Hono app: /api/* and the page fallback for paths the assets layer has no file for.
 * Routes are chained so `AppType` carries every endpoint to the typed web client.
 */
import { Hono } from "hono";
import type { AppEnv } from "./env";
import { requestContext } from "./http/context";
import { sameOrigin } from "./http/origin";
import { publicBodyLimit } from "./http/body-limit";
import { isOwnerOnly, requireSession } from "./middleware/auth";
import { currentUser } from "./auth/session";
import { onError } from "./http/errors";
import { AppError } from "./platform/errors";
import { auth } from "./routes/auth";
import { usersRoute } from "./routes/users";
import { leadsRoute } from "./routes/leads";
import { clientsRoute } from "./routes/clients";
import { projectsRoute } from "./routes/projects";
import { proposalsRoute } from "./routes/proposals";
import { invoicesRoute } from "./routes/invoices";
import { tasksRoute } from "./routes/tasks";
import { activitiesRoute } from "./routes/activities";
import { pagesRoute } from "./http/pages";
import { proposalPages } from "./routes/proposal-pages";
import { mailRoute } from "./routes/mail";
import { invoicePages } from "./routes/invoice-pages";
import { previewPages } from "./routes/preview-pages";
import { searchRoute } from "./routes/search";
import { liveRoute } from "./routes/live";
import { forms } from "./routes/forms";
import { previews } from "./routes/previews";
import { previewAdminRoute } from "./routes/preview-admin";
import { settingsRoute } from "./routes/settings";
import { dataRoute } from "./routes/data";
import { backupsRoute } from "./routes/backups";
import { userAdminRoute } from "./routes/user-admin";
import { digestsRoute } from "./routes/digests";
import { formSubmissionsRoute } from "./routes/form-submissions";
import { auditRoute } from "./routes/audit";
import { calendarFeedRoute, calendarRoute } from "./routes/calendar-feeds";
import { dashboardRoute } from "./routes/dashboard";
import { clientFeedbackRoute, previewApprovalsRoute, previewCommentsRoute } from "./routes/preview-feedback";

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
  .route("/invoices", invoicesRoute)
  .route("/tasks", tasksRoute)
  .route("/activities", activitiesRoute)
  .route("/users", usersRoute)
  .route("/users", userAdminRoute)
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
  .route("/previews", previews)
  .route("/calendar", calendarRoute)
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
  .route("/p", proposalPages)
  .route("/i", invoicePages)
  .route("/", pagesRoute(apiApp, { currentUser, isOwnerOnly }));
app.onError(onError);

export type AppType = typeof app;
