/** A small but complete CRM, made through the API, and a raw snapshot of every CRM table (export, import, backups). */
import { env, exports } from "cloudflare:workers";
import { apiClient, createUser, deliverMail, expectJson, json, rawBody, type Staff } from "./helpers";
import appleBcc from "../../fixtures/mail/apple-bcc.eml?raw";
import outlookForward from "../../fixtures/mail/outlook-forward.eml?raw";
import { exportTables, type ExportDocument } from "../../../contract/export";
import type { PreviewLinkInput } from "../../../contract/preview";

export const CRM_TABLES = exportTables;

/** One of the preview cards the studio builds for its clients. */
export type PreviewCard = PreviewLinkInput["preview_id"];

/** Every row of every CRM table, exactly as stored, in id order. */
export async function snapshot(): Promise<Record<string, Record<string, unknown>[]>> {
  const results = await env.DB.batch(CRM_TABLES.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY id`)));
  return Object.fromEntries(CRM_TABLES.map((t, i) => [t, results[i].results as Record<string, unknown>[]]));
}

export async function totalRows(): Promise<number> {
  const snap = await snapshot();
  return Object.values(snap).reduce((n, rows) => n + rows.length, 0);
}

/** The Owner's export. It streams the document, so AppType has no type for the body: it is the contract's ExportDocument. */
export const exportAll = (staff: Staff) => json<ExportDocument>(staff.api.crm.export.$get({ query: {} }), 200);

/** An import of `text`, sent as it is: the route reads its body as a stream, which its types do not describe. */
export const importText = (staff: Staff, text: string) => staff.api.crm.import.$post(undefined, rawBody(text));

/** Delete-all, confirmed (Owner): answers the backup it took and what it deleted. */
export const deleteAll = (staff: Staff) => expectJson(staff.api.crm["delete-all"].$post({ json: { confirm: "DELETE ALL" } }), 200);

/** One of everything, with the awkward cases: unicode and quotes in lists, nulls, booleans, links between rows. */
export async function seedCrm(staff: Staff) {
  const { crm } = staff.api;
  const { client } = await expectJson(
    crm.clients.$post({
      json: {
        name: "Café Ünïcode 😀",
        website: "https://cafe.example.co.uk",
        emails: ["hello@cafe.example", "o'brien@cafe.example"],
        phones: ["0161 555 0101", '+44 "161" 555\\0102'],
        services: ["Web Design", "SEO"],
        notes: 'Line one\nLine two, with a tab\tand a quote "here"',
        active: false,
      },
    }),
    201,
  );
  await expectJson(crm.clients.$post({ json: { name: "Plain Ltd" } }), 201);
  await expectJson(crm.clients[":id"].preview.$put({ param: { id: client.id }, json: { preview_id: "jemrex" } }), 200);
  const { lead } = await expectJson(
    crm.leads.$post({
      json: {
        name: "Jo Carter",
        company: "Carter & Co",
        email: "jo@carter.example",
        value: 4200.5,
        follow_up_date: "2026-12-01",
        status: "Qualified",
      },
    }),
    201,
  );
  await expectJson(crm.leads.$post({ json: { name: "Second Lead", source: "Referral" } }), 201);
  await expectJson(crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "Called — left a message" } }), 201);
  await expectJson(crm.leads[":id"].actions.$post({ param: { id: lead.id }, json: { action: "convert_to_client" } }), 201);
  const { project } = await expectJson(
    crm.projects.$post({
      json: { title: "Café site", client_id: client.id, lead_id: lead.id, budget: 3000, start_date: "2026-01-05", type: "E-commerce" },
    }),
    201,
  );
  await expectJson(crm.proposals.$post({ json: { title: "Proposal for Jo", lead_id: lead.id, value: 4200, status: "Sent" } }), 201);
  const { proposal: retainer } = await expectJson(
    crm.proposals.$post({
      json: { title: "Retainer", client_id: client.id, lines: [{ description: "Care plan", quantity: 12, unit_price: 50 }] },
    }),
    201,
  );
  const { invoice } = await expectJson(
    crm.invoices.$post({
      json: {
        number: "INV-202601-001",
        client_id: client.id,
        project_id: project.id,
        total: 1500.25,
        date: "2026-01-10",
        due_date: "2026-02-09",
        status: "Sent",
      },
    }),
    201,
  );
  // A part payment against it, and a Stripe event already handled (as the webhook records one).
  await expectJson(
    crm.invoices[":id"].payments.$post({
      param: { id: invoice.id },
      json: { amount: 500, date: "2026-01-20", method: "Bank transfer", reference: "CAFE JAN", updated_at: invoice.updated_at },
    }),
    201,
  );
  await env.DB.prepare("INSERT INTO stripe_events (id, type) VALUES ('evt_seeded_0001', 'checkout.session.completed')").run();
  // A payment reminder already sent for it (as the daily job records one), and the invoice paused since.
  await env.DB.prepare(
    "INSERT INTO payment_reminders (id, invoice_id, stage, sent_on, balance, email_status) VALUES ('reminder-seeded-0001', ?, 'on_due', '2026-02-09', 700, 'sent')",
  )
    .bind(invoice.id)
    .run();
  await env.DB.prepare("UPDATE invoices SET reminders_paused = 1 WHERE id = ?").bind(invoice.id).run();
  // A care plan billed monthly on the last day, paused, with an end date.
  const { recurring_invoice: carePlan } = await expectJson(
    crm["recurring-invoices"].$post({
      json: {
        client_id: client.id,
        project_id: project.id,
        title: "Care plan",
        lines: [{ description: "Hosting and updates", quantity: 1, unit_price: 49.5 }],
        interval: "monthly",
        day: "last",
        start_date: "2026-01-31",
        end_date: "2026-12-31",
        terms_days: 14,
      },
    }),
    201,
  );
  await expectJson(
    crm["recurring-invoices"][":id"][":action{pause|resume|skip|end}"].$post({
      param: { id: carePlan.id, action: "pause" },
      json: { updated_at: carePlan.updated_at },
    }),
    200,
  );
  // A second project cancelled with its invoice partly credited: a credit note to carry.
  const { project: cancelled } = await expectJson(crm.projects.$post({ json: { title: "Menu app", client_id: client.id } }), 201);
  const { invoice: menuInvoice } = await expectJson(
    crm.invoices.$post({
      json: {
        number: "INV-202601-002",
        client_id: client.id,
        project_id: cancelled.id,
        total: 800,
        date: "2026-01-12",
        due_date: "2026-02-11",
        status: "Sent",
      },
    }),
    201,
  );
  // Cancelled, as an Owner's Cancel project records it (the seed may run as Sales): the project
  // marked and £600 of the invoice credited.
  await env.DB.prepare("UPDATE projects SET cancelled_at = '2026-01-20T10:00:00.000Z' WHERE id = ?").bind(cancelled.id).run();
  await env.DB.prepare(
    "INSERT INTO credit_notes (id, number, invoice_id, client_id, project_id, amount, description, date) VALUES ('credit-seeded-0001', 'CN-1001', ?, ?, ?, 600, 'Credit for INV-202601-002: Menu app (project cancelled)', '2026-01-20')",
  )
    .bind(menuInvoice.id, client.id, cancelled.id)
    .run();
  // A call the lead booked on the site (as /api/book writes one), with the seeding member of staff as its host, cancelled and reminded once.
  await env.DB.prepare(
    `INSERT INTO calls (id, host_id, lead_id, start_at, end_at, london_date, status, method, name, email, phone, company, topic, heard_from, visitor_zone, token_hash, sequence, reminded_at)
     VALUES ('call-seeded-0001', ?, ?, '2026-01-14T15:00:00.000Z', '2026-01-14T15:30:00.000Z', '2026-01-14', 'cancelled', 'phone', 'Zoë O''Brien', 'zoe@example.co.uk',
       '+44 161 555 0101', 'Café Ünïcode 😀', 'A new site,
with a menu', 'A friend', 'America/New_York', 'hash-seeded-0001', 1, '2026-01-13T16:00:00.000Z')`,
  )
    .bind(staff.id, lead.id)
    .run();
  await expectJson(
    crm.tasks.$post({ json: { title: "Send the invoice", assignee_username: staff.id, due_date: "2026-01-11", priority: "High" } }),
    201,
  );
  await expectJson(crm.tasks.$post({ json: { title: "Undated", completed: true } }), 201);
  await expectJson(
    crm.activities.$post({ json: { summary: "Kick-off call", type: "Call", related_type: "client", related_id: client.id } }),
    201,
  );
  await seedFeedback(staff, client.id, "jemrex");
  await seedProposalAnswers(staff, retainer.id);
  await seedMail(staff);
  // The invoice e-mailed to the client (its link records to whom and when) and opened once.
  const { url: invoiceUrl } = await expectJson(
    crm.invoices[":id"].send.$post({
      param: { id: invoice.id },
      json: { to: "hello@cafe.example", message: "Hello,\n\nHere is our invoice." },
    }),
    201,
  );
  await exports.default.fetch(invoiceUrl, { headers: { "CF-Connecting-IP": "198.51.100.1" } });
  return { clientId: client.id, leadId: lead.id, projectId: project.id };
}

/** The client's side of a preview: a version, a comment with a reply, and the version approved (its project in Review moves). */
async function seedFeedback(staff: Staff, clientId: string, card: PreviewCard) {
  /** The client's browser, with the unlock cookie once it has one. */
  const client = (cookie?: string) => apiClient({ cookie, ip: "198.51.100.1" }).previews[":clientId"];
  const param = { clientId: card };
  await expectJson(
    staff.api.crm.clients[":id"].preview.$put({
      param: { id: clientId },
      json: { preview_id: card, previewUrl: "https://cafe.example/preview" },
    }),
    200,
  );
  const { code } = await expectJson(staff.api.crm.clients[":id"].preview.code.$post({ param: { id: clientId } }), 201);
  const unlocked = await client().verify.$post({ param, json: { password: code } });
  const cookie = unlocked.headers.get("Set-Cookie")!.split(";")[0];
  const made = await expectJson(
    client(cookie).comments.$post({
      param,
      json: { body: 'Ünïcode 😀 and a "quote"\nover two lines', page: "/about", author_name: "Chloé O'Brien" },
    }),
    201,
  );
  await expectJson(
    staff.api.crm["preview-comments"][":id"].replies.$post({ param: { id: made.comment.id }, json: { body: "Thanks, done." } }),
    201,
  );
  await expectJson(staff.api.crm.projects.$post({ json: { title: "Café launch", client_id: clientId, stage: "Review" } }), 201);
  const { release } = await expectJson(client(cookie).feedback.$get({ param }), 200);
  const approved = await client(cookie).approvals.$post({
    param,
    json: { release_id: release!.id, approver_name: "Chloé O'Brien", confirm: true },
  });
  if (approved.status !== 201) throw new Error(`approval failed: ${approved.status}`);
}

/** Mail filed by itself on a lead (with its Email entry), and one left in Unfiled mail. */
async function seedMail(staff: Staff) {
  await createUser({ email: "hannah@redbrickstudio.co.uk", full_name: "Hannah Whitaker", role: "Owner" });
  await createUser({ email: "marcus@redbrickstudio.co.uk", full_name: "Marcus Reid", role: "Sales" });
  await expectJson(staff.api.crm.leads.$post({ json: { name: "Sophie Turner", email: "sophie@sophieturneryoga.co.uk" } }), 201);
  for (const [raw, from] of [
    [appleBcc, "hannah@redbrickstudio.co.uk"],
    [outlookForward, "marcus@redbrickstudio.co.uk"],
  ]) {
    const { rejected } = await deliverMail(raw, from);
    if (rejected) throw new Error(`seed mail refused: ${rejected}`);
  }
}

/** A proposal shared twice (one link revoked), asked about, replied to and accepted on its page. */
async function seedProposalAnswers(staff: Staff, proposalId: string) {
  await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: proposalId } }), 201);
  const { url } = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: proposalId } }), 201);
  const path = new URL(url).pathname;
  const form = (to: string, fields: Record<string, string>) =>
    exports.default.fetch(`http://localhost${path}${to}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.1", "User-Agent": "Ünïcode browser" },
      body: new URLSearchParams(fields),
    });
  const page = await (await exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "198.51.100.1" } })).text();
  const version = /name="version" value="([^"]+)"/.exec(page)![1];
  if ((await form("/questions", { author_name: "Chloé O'Brien", body: "Does it include 😀 hosting?\nThanks" })).status !== 303)
    throw new Error("question failed");
  await expectJson(staff.api.crm.proposals[":id"].messages.$post({ param: { id: proposalId }, json: { body: "Yes, a year's." } }), 201);
  const accepted = await form("/accept", { full_name: "Chloé O'Brien", agree: "yes", version });
  if (accepted.status !== 303) throw new Error(`acceptance failed: ${accepted.status}`);
}

/** A client linked to a preview card with a URL and a code, unlocked once by the client (whose cookie is kept). */
export async function linkedPreview(staff: Staff, { name, card, url }: { name: string; card: PreviewCard; url: string }) {
  const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name } }), 201);
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  // Two versions: the client reviewed the first, then the studio published a second.
  await expectJson(
    staff.api.crm.clients[":id"].preview.$put({ param: { id: client.id }, json: { preview_id: card, previewUrl: `${url}old` } }),
    200,
  );
  await expectJson(
    staff.api.crm.clients[":id"].preview.$put({ param: { id: client.id }, json: { preview_id: card, previewUrl: url, expiresAt } }),
    200,
  );
  const { code } = await expectJson(staff.api.crm.clients[":id"].preview.code.$post({ param: { id: client.id } }), 201);
  const unlocked = await verifyCode(card, code);
  if (unlocked.status !== 200) throw new Error(`unlock failed: ${unlocked.status}`);
  return { clientId: client.id, card, code, cookie: unlocked.headers.get("Set-Cookie")!.split(";")[0] };
}

const verifyCode = (card: string, code: string) =>
  apiClient({ ip: `198.51.100.${Math.floor(Math.random() * 200) + 1}` }).previews[":clientId"].verify.$post({
    param: { clientId: card },
    json: { password: code },
  });

/**
 * What the studio and the client see of a preview: its URL, expiry and state and its versions in
 * the CRM; whether the client's code unlocks it, and whether the visit they had open still works.
 */
export async function previewSeenBy(staff: Staff, p: Awaited<ReturnType<typeof linkedPreview>>) {
  const admin = await staff.api.crm.clients[":id"].preview.$get({ param: { id: p.clientId } });
  // The client may be gone (after delete-all): then the studio sees nothing.
  const { preview } = (admin.status as number) === 404 ? { preview: null } : await expectJson(admin, 200);
  const versions = await env.DB.prepare(
    "SELECT id, preview_url, published_at FROM preview_releases WHERE client_id = ? ORDER BY published_at",
  )
    .bind(p.clientId)
    .all();
  const visit = await apiClient({ cookie: p.cookie }).previews[":clientId"].feedback.$get({ param: { clientId: p.card } });
  return {
    url: preview?.previewUrl ?? null,
    expiresAt: preview?.expiresAt ?? null,
    hasCode: preview?.hasCode ?? false,
    revoked: preview?.revoked ?? null,
    versions: versions.results,
    cookieWorks: visit.status === 200,
    codeWorks: (await verifyCode(p.card, p.code)).status === 200,
  };
}
