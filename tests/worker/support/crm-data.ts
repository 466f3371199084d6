/** A small but complete CRM, made through the API, and a raw snapshot of every CRM table (export, import, backups). */
import { env, exports } from "cloudflare:workers";
import { createUser, deliverMail, expectJson, type Staff } from "./helpers";
import appleBcc from "../../fixtures/mail/apple-bcc.eml?raw";
import outlookForward from "../../fixtures/mail/outlook-forward.eml?raw";
import { exportTables } from "../../../contract/export";

export const CRM_TABLES = exportTables;

/** Every row of every CRM table, exactly as stored, in id order. */
export async function snapshot(): Promise<Record<string, Record<string, unknown>[]>> {
  const results = await env.DB.batch(CRM_TABLES.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY id`)));
  return Object.fromEntries(CRM_TABLES.map((t, i) => [t, results[i].results as Record<string, unknown>[]]));
}

export async function totalRows(): Promise<number> {
  const snap = await snapshot();
  return Object.values(snap).reduce((n, rows) => n + rows.length, 0);
}

/** One of everything, with the awkward cases: unicode and quotes in lists, nulls, booleans, links between rows. */
export async function seedCrm(staff: Staff) {
  const post = async <T>(path: string, body: unknown) => expectJson<T>(staff.call("POST", path, body), 201);
  const { client } = await post<{ client: { id: string } }>("/api/crm/clients", {
    name: "Café Ünïcode 😀",
    website: "https://cafe.example.co.uk",
    emails: ["hello@cafe.example", "o'brien@cafe.example"],
    phones: ["0161 555 0101", '+44 "161" 555\\0102'],
    services: ["Web Design", "SEO"],
    notes: 'Line one\nLine two, with a tab\tand a quote "here"',
    active: false,
  });
  await post("/api/crm/clients", { name: "Plain Ltd" });
  await expectJson(staff.call("PUT", `/api/crm/clients/${client.id}/preview`, { preview_id: "jemrex" }), 200);
  const { lead } = await post<{ lead: { id: string; updated_at: string } }>("/api/crm/leads", {
    name: "Jo Carter",
    company: "Carter & Co",
    email: "jo@carter.example",
    value: 4200.5,
    follow_up_date: "2026-12-01",
    status: "Qualified",
  });
  await post("/api/crm/leads", { name: "Second Lead", source: "Referral" });
  await post(`/api/crm/leads/${lead.id}/activities`, { description: "Called — left a message" });
  await post(`/api/crm/leads/${lead.id}/actions`, { action: "convert_to_client" });
  const { project } = await post<{ project: { id: string } }>("/api/crm/projects", {
    title: "Café site",
    client_id: client.id,
    lead_id: lead.id,
    budget: 3000,
    start_date: "2026-01-05",
    type: "E-commerce",
  });
  await post("/api/crm/proposals", { title: "Proposal for Jo", lead_id: lead.id, value: 4200, status: "Sent" });
  const { proposal: retainer } = await post<{ proposal: { id: string } }>("/api/crm/proposals", {
    title: "Retainer",
    client_id: client.id,
  });
  const { invoice } = await post<{ invoice: { id: string } }>("/api/crm/invoices", {
    number: "INV-202601-001",
    client_id: client.id,
    project_id: project.id,
    total: 1500.25,
    date: "2026-01-10",
    due_date: "2026-02-09",
    status: "Sent",
  });
  await post("/api/crm/tasks", { title: "Send the invoice", assignee_username: staff.id, due_date: "2026-01-11", priority: "High" });
  await post("/api/crm/tasks", { title: "Undated", completed: true });
  await post("/api/crm/activities", { summary: "Kick-off call", type: "Call", related_type: "client", related_id: client.id });
  await seedFeedback(staff, client.id, "jemrex");
  await seedProposalAnswers(staff, retainer.id);
  await seedMail(staff);
  // The invoice e-mailed to the client (its link records to whom and when) and opened once.
  const { url: invoiceUrl } = await post<{ url: string }>(`/api/crm/invoices/${invoice.id}/send`, {
    to: "hello@cafe.example",
    message: "Hello,\n\nHere is our invoice.",
  });
  await exports.default.fetch(invoiceUrl, { headers: { "CF-Connecting-IP": "198.51.100.1" } });
  return { clientId: client.id, leadId: lead.id, projectId: project.id };
}

/** The client's side of a preview: a version, a comment with a reply, and the version approved (its project in Review moves). */
async function seedFeedback(staff: Staff, clientId: string, card: string) {
  const post = async <T>(path: string, body: unknown, cookie = staff.cookie) => {
    const res = await exports.default.fetch(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, "CF-Connecting-IP": "198.51.100.1" },
      body: JSON.stringify(body),
    });
    return { res, body: (await res.json()) as T };
  };
  await expectJson(
    staff.call("PUT", `/api/crm/clients/${clientId}/preview`, { preview_id: card, previewUrl: "https://cafe.example/preview" }),
    200,
  );
  const { code } = await expectJson<{ code: string }>(staff.call("POST", `/api/crm/clients/${clientId}/preview/code`), 201);
  const unlocked = await post(`/api/previews/${card}/verify`, { password: code });
  const cookie = unlocked.res.headers.get("Set-Cookie")!.split(";")[0];
  const { body: made } = await post<{ comment: { id: string } }>(
    `/api/previews/${card}/comments`,
    { body: 'Ünïcode 😀 and a "quote"\nover two lines', page: "/about", author_name: "Chloé O'Brien" },
    cookie,
  );
  await expectJson(staff.call("POST", `/api/crm/preview-comments/${made.comment.id}/replies`, { body: "Thanks, done." }), 201);
  await expectJson(staff.call("POST", "/api/crm/projects", { title: "Café launch", client_id: clientId, stage: "Review" }), 201);
  const feedback = await exports.default.fetch(`http://localhost/api/previews/${card}/feedback`, { headers: { Cookie: cookie } });
  const { release } = (await feedback.json()) as { release: { id: string } };
  const approved = await post(
    `/api/previews/${card}/approvals`,
    { release_id: release.id, approver_name: "Chloé O'Brien", confirm: true },
    cookie,
  );
  if (approved.res.status !== 201) throw new Error(`approval failed: ${approved.res.status}`);
}

/** Mail filed by itself on a lead (with its Email entry), and one left in Unfiled mail. */
async function seedMail(staff: Staff) {
  await createUser({ email: "hannah@redbrickstudio.co.uk", full_name: "Hannah Whitaker", role: "Owner" });
  await createUser({ email: "marcus@redbrickstudio.co.uk", full_name: "Marcus Reid", role: "Sales" });
  await expectJson(staff.call("POST", "/api/crm/leads", { name: "Sophie Turner", email: "sophie@sophieturneryoga.co.uk" }), 201);
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
  await expectJson(staff.call("POST", `/api/crm/proposals/${proposalId}/share`), 201);
  const { url } = await expectJson<{ url: string }>(staff.call("POST", `/api/crm/proposals/${proposalId}/share`), 201);
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
  await expectJson(staff.call("POST", `/api/crm/proposals/${proposalId}/messages`, { body: "Yes, a year's." }), 201);
  const accepted = await form("/accept", { full_name: "Chloé O'Brien", agree: "yes", version });
  if (accepted.status !== 303) throw new Error(`acceptance failed: ${accepted.status}`);
}

/** A client linked to a preview card with a URL and a code, unlocked once by the client (whose cookie is kept). */
export async function linkedPreview(staff: Staff, { name, card, url }: { name: string; card: string; url: string }) {
  const { client } = await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name }), 201);
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  // Two versions: the client reviewed the first, then the studio published a second.
  await expectJson(staff.call("PUT", `/api/crm/clients/${client.id}/preview`, { preview_id: card, previewUrl: `${url}old` }), 200);
  await expectJson(staff.call("PUT", `/api/crm/clients/${client.id}/preview`, { preview_id: card, previewUrl: url, expiresAt }), 200);
  const { code } = await expectJson<{ code: string }>(staff.call("POST", `/api/crm/clients/${client.id}/preview/code`), 201);
  const unlocked = await verifyCode(card, code);
  if (unlocked.status !== 200) throw new Error(`unlock failed: ${unlocked.status}`);
  return { clientId: client.id, card, code, cookie: unlocked.headers.get("Set-Cookie")!.split(";")[0] };
}

const verifyCode = (card: string, code: string) =>
  exports.default.fetch(`http://localhost/api/previews/${card}/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 200) + 1}` },
    body: JSON.stringify({ password: code }),
  });

/**
 * What the studio and the client see of a preview: its URL, expiry and state and its versions in
 * the CRM; whether the client's code unlocks it, and whether the visit they had open still works.
 */
export async function previewSeenBy(staff: Staff, p: Awaited<ReturnType<typeof linkedPreview>>) {
  type Admin = { preview: { previewUrl: string | null; hasCode: boolean; expiresAt: string | null; revoked: boolean } | null };
  const admin = await staff.call("GET", `/api/crm/clients/${p.clientId}/preview`);
  // The client may be gone (after delete-all): then the studio sees nothing.
  const { preview } = admin.status === 404 ? { preview: null } : await expectJson<Admin>(admin, 200);
  const versions = await env.DB.prepare(
    "SELECT id, preview_url, published_at FROM preview_releases WHERE client_id = ? ORDER BY published_at",
  )
    .bind(p.clientId)
    .all();
  const visit = await exports.default.fetch(`http://localhost/api/previews/${p.card}/feedback`, { headers: { Cookie: p.cookie } });
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
