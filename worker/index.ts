/**
 * The worker's entry, its three doors: `fetch` (the Hono app, for every request the assets layer
 * passes on), `scheduled` (the hourly Cron Trigger: modules/jobs/jobs.ts decides what is due in London),
 * `email` (mail to CRM_INBOX: modules/mail/mail-filing.ts) and the live hub's Durable Object class.
 */
import { app } from "./app";
import { createDb } from "./platform/db";
import type { Env } from "./env";
import { publishFromJob } from "./modules/live";
import { runScheduledJobs } from "./modules/jobs";
import { handleInboundMail } from "./modules/mail";

export { LiveHub } from "./modules/live/hub";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const outcomes = await runScheduledJobs(env, createDb(env.DB), new Date(controller.scheduledTime));
    for (const outcome of outcomes) {
      if ("failed" in outcome) {
        console.error(JSON.stringify({ level: "error", what: "scheduled job failed", job: outcome.job, error: outcome.failed }));
        continue;
      }
      console.log(
        JSON.stringify({ level: "info", what: "scheduled job", job: outcome.job, date: outcome.date, ran: outcome.ran, ...outcome.result }),
      );
      for (const change of outcome.changed) publishFromJob(env, ctx, { ...change, op: "update" });
    }
  },
  // Mail sent to the CRM's own address (Email Routing → this worker): filed on its lead or client.
  email: handleInboundMail,
} satisfies ExportedHandler<Env>;
