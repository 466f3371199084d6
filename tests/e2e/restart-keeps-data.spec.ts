/**
 * A restarted `wrangler dev` keeps every row. This spec runs its own server on its own state
 * directory and port (never the shared e2e server): it writes through the API, stops the
 * process, starts it again on the same state and reads everything back.
 *
 * The first run has a broken mail sender, so a contact request's notification fails for real;
 * after the restart (mail fixed) the failed notification is still listed in the CRM and staff
 * resend it from the leads page.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_PORT, ROOT, startLocalServer, type LocalServer } from "../../scripts/lib/local";
import { api, demo, expectStatus, latestMailTo, ownSeededState, portIsFree } from "./support";

const PORT = Number(process.env.E2E_RESTART_PORT ?? E2E_PORT + 1);
const ORIGIN = `http://localhost:${PORT}`;
const STATE_DIR = join(".wrangler", `e2e-restart-${PORT}`);
const STUDIO_INBOX = "hello@redbrickstudio.co.uk";

let server: LocalServer | undefined;

/** Another server already on the port would answer in our stead and the test would check the wrong data. */
async function start(vars: Record<string, string> = {}) {
  expect(await portIsFree(PORT), `port ${PORT} is taken: set E2E_RESTART_PORT to a free one`).toBe(true);
  server = await startLocalServer({
    port: PORT,
    stateDir: STATE_DIR,
    // The shared e2e server may hold the default inspector port.
    inspectorPort: PORT + 1000,
    vars,
    log: "ignore",
    killAfterMs: 10_000,
  });
}

async function stop() {
  const running = server;
  server = undefined;
  await running?.stop();
}

async function signIn(request: APIRequestContext) {
  const res = await api(request, ORIGIN).auth.login.$post({ json: { email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD } });
  expect(res.status).toBe(200);
}

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  await ownSeededState(STATE_DIR);
});

test.afterAll(async () => {
  await stop();
  rmSync(join(ROOT, STATE_DIR), { recursive: true, force: true });
});

test("rows written before a restart are all there after it, and a failed notification can be resent", async ({ page, playwright }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const leadName = `Restart Lead ${stamp}`;
  const enquirer = `Restart Enquirer ${stamp}`;

  // First run: the mail sender is not an address, so the real send_email binding refuses.
  await start({ MAIL_FROM: "not-an-address" });
  const before = await playwright.request.newContext();
  await signIn(before);
  const first = api(before, ORIGIN);
  const { lead } = await expectStatus(first.crm.leads.$post({ json: { name: leadName, company: "Persist Ltd" } }), 201);
  const param = { id: lead.id };
  const edited = await first.crm.leads[":id"].$patch({ param, json: { status: "Qualified", updated_at: lead.updated_at } });
  expect(edited.status).toBe(200);
  const note = await first.crm.leads[":id"].activities.$post({ param, json: { description: `Called ${stamp}` } });
  expect(note.status).toBe(201);
  const contact = await first.contact.$post({
    json: { name: enquirer, email: `${stamp}@example.com`, subject: "Restart check", message: "Please keep this message safe." },
  });
  expect(contact.status).toBe(201);
  const snapshot = await expectStatus(first.crm.leads[":id"].$get({ param }), 200);
  await before.dispose();

  await stop();
  await start();

  // Everything written before is still there, exactly.
  const after = await playwright.request.newContext();
  await signIn(after);
  const { crm } = api(after, ORIGIN);
  expect(await expectStatus(crm.leads[":id"].$get({ param }), 200)).toEqual(snapshot);
  const timeline = await expectStatus(crm.leads[":id"].activities.$get({ param }), 200);
  expect(timeline.activities.map((a) => a.description)).toContain(`Called ${stamp}`);
  const failed = await expectStatus(crm["form-submissions"].failed.$get(), 200);
  expect(failed.notifications.map((n) => n.name)).toEqual([enquirer]);
  await after.dispose();

  // Staff see the failed notification on the leads page and resend it now that mail works.
  await signIn(page.request);
  await page.goto(`${ORIGIN}/crm/leads`);
  const notice = page.getByRole("region", { name: "1 enquiry notification was not e-mailed" });
  await expect(notice).toContainText(enquirer);
  await expect(page.getByRole("button", { name: `View ${enquirer}` })).toBeVisible();
  await notice.getByRole("button", { name: `Resend e-mail for ${enquirer}` }).click();
  await expect(page.getByText("Notification e-mail sent")).toBeVisible();
  await expect(notice).toHaveCount(0);
  const mails = await playwright.request.newContext({ baseURL: ORIGIN });
  const mail = await latestMailTo(mails, STUDIO_INBOX, enquirer);
  expect(mail.subject).toBe(`Contact message: ${enquirer}`);
  expect(mail.text).toContain("Please keep this message safe.");
  await mails.dispose();
});
