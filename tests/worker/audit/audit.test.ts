/**
 * The audit trail and the smaller hardening items of docs/guide/security.md: who exported, imported, deleted,
 * restored, invited, disabled, signed in or was locked out; invitations that can be withdrawn
 * and die with their sender; previews and enquiries that go with the records they belong to.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../contract/audit";
import {
  apiClient,
  countRows,
  expectJson,
  json,
  rows,
  runCron,
  signInAs,
  unchecked,
  visitorApi,
  type Api,
  type Staff,
  waitForMail,
} from "../support/helpers";
import { deleteAll, exportAll, importText, linkedPreview, seedCrm, type PreviewCard } from "../support/crm-data";

let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

type AuditQuery = Parameters<Api["crm"]["audit"]["$get"]>[0]["query"];
const trail = async (query: AuditQuery = {}) => (await expectJson(owner.api.crm.audit.$get({ query }), 200)).events;
const actions = async () => (await trail()).map((e) => e.action);
const withdraw = (inviteId: string) => owner.api.crm.users.invites[":id"].$delete({ param: { id: inviteId } });
/** Invites `email` as Sales; answers the token from the link the invitation mail carries. */
async function invite(who: Staff, email: string) {
  await expectJson(who.api.crm.users.invites.$post({ json: { email, role: "Sales" } }), 201);
  const [mail] = await waitForMail(email);
  return /#token=([\w-]+)/.exec(mail.text)![1];
}
const acceptInvite = (token: string, full_name: string) =>
  visitorApi.auth["accept-invite"].$post({ json: { token, full_name, password: "a long new password" } });
const deleteClient = (id: string) => owner.api.crm.clients[":id"].$delete({ param: { id } });
const setDisabled = (userId: string, disabled: boolean) => owner.api.crm.users[":id"].$patch({ param: { id: userId }, json: { disabled } });

describe("the audit trail", () => {
  it("records an export as what it was for: the JSON file, or the CSV of leads and clients", async () => {
    await expectJson(owner.api.crm.leads.$post({ json: { name: "Ada" } }), 201);
    await exportAll(owner);
    // Export streams its body, so AppType has no type for it: the CSV's rows are the same document.
    await json(owner.api.crm.export.$get({ query: { format: "csv" } }), 200);
    expect((await owner.api.crm.export.$get({ query: { format: unchecked("xml") } })).status).toBe(422);
    const exports = (await trail()).filter((e) => e.action === "export").map((e) => e.detail);
    expect(exports[0]).toBe("Exported 1 lead and 0 clients as CSV");
    expect(exports[1]).toMatch(/^Exported \d+ rows as JSON$/);
    expect(exports).toHaveLength(2);
  });

  it("records sign-ins with who, when, the address only as a keyed hash, and the request id", async () => {
    const [event] = (await trail()).filter((e) => e.action === "sign_in");
    expect(event).toMatchObject({ actor_id: owner.id, actor_name: "Hannah Whitaker", detail: "Signed in with e-mail and password" });
    expect(event.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(event.request_id.length).toBeGreaterThan(0);
    expect(Date.parse(event.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records a lockout once, naming the locked account", async () => {
    const sales = await signInAs("Sales", "Marcus Reid");
    const [{ email }] = await rows<{ email: string }>("SELECT email FROM users WHERE id = ?", sales.id);
    const guesser = apiClient({ ip: "203.0.113.77" });
    const guess = (i: number) => guesser.auth.login.$post({ json: { email, password: `wrong ${i}` } });
    for (let i = 0; i < 7; i++) await guess(i);
    const locks = (await trail()).filter((e) => e.action === "lockout");
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actor_id: null, subject_id: sales.id, subject_name: "Marcus Reid" });
  });

  it("records export, delete-all, restore and import, and keeps itself through delete-all and in its backup", async () => {
    await seedCrm(owner);
    const doc = await exportAll(owner);
    const { backup } = await deleteAll(owner);
    expect(await actions()).toEqual(expect.arrayContaining(["export", "delete_all", "sign_in"]));
    const [chunks] = await rows<{ text: string }>(
      "SELECT group_concat(data, '') AS text FROM (SELECT data FROM backup_chunks ORDER BY seq)",
    );
    const saved = JSON.parse(chunks.text) as { audit_events: AuditEvent[] };
    expect(saved.audit_events.map((e) => e.action)).toEqual(expect.arrayContaining(["sign_in", "export"]));
    await expectJson(owner.api.crm.backups[":id"].restore.$post({ param: { id: backup.id } }), 200);
    await deleteAll(owner);
    await expectJson(importText(owner, JSON.stringify(doc)), 200);
    const all = await actions();
    for (const action of ["export", "delete_all", "restore", "import"]) expect(all, action).toContain(action);
  });

  it("records invitations, their withdrawal, and accounts disabled and enabled", async () => {
    const { invite } = await expectJson(
      owner.api.crm.users.invites.$post({ json: { email: "new.person@studio.test", role: "Sales" } }),
      201,
    );
    await expectJson(withdraw(invite.id), 200);
    const sales = await signInAs("Sales");
    await expectJson(setDisabled(sales.id, true), 200);
    await expectJson(setDisabled(sales.id, false), 200);
    const events = await trail();
    expect(events.find((e) => e.action === "invite")?.detail).toBe("Invited new.person@studio.test as Sales");
    expect(events.find((e) => e.action === "invite_revoked")?.detail).toBe("Revoked the invitation to new.person@studio.test");
    expect(events.filter((e) => e.subject_id === sales.id).map((e) => e.action)).toEqual(["user_enabled", "user_disabled"]);
  });

  it("records a preview linked, its code issued, revoked and restored, and unlinked, by whoever did it, naming client and card", async () => {
    const sales = await signInAs("Sales", "Marcus Reid");
    const { client } = await expectJson(sales.api.crm.clients.$post({ json: { name: "Ancoats Coffee Co" } }), 201);
    const param = { id: client.id };
    const preview = (who: Staff) => who.api.crm.clients[":id"].preview;
    await expectJson(preview(sales).$put({ param, json: { preview_id: "ancoats-coffee-co", previewUrl: "https://example.com/a" } }), 200);
    // Only the link is an audit event: a new URL on the same card is a new version, not an access change.
    await expectJson(preview(sales).$put({ param, json: { preview_id: "ancoats-coffee-co", previewUrl: "https://example.com/b" } }), 200);
    await expectJson(preview(sales).code.$post({ param }), 201);
    await expectJson(preview(owner).revoke.$post({ param }), 200);
    await expectJson(preview(owner).restore.$post({ param }), 200);
    await expectJson(preview(sales).$put({ param, json: { preview_id: "jemrex", previewUrl: null } }), 200);
    await expectJson(preview(sales).$delete({ param }), 200);
    const target = `client "Ancoats Coffee Co" (${client.id})`;
    const events = (await trail()).filter((e) => e.action.startsWith("preview_")).reverse();
    expect(events.map((e) => [e.action, e.actor_name, e.detail])).toEqual([
      ["preview_linked", "Marcus Reid", `Linked ${target} to preview ancoats-coffee-co`],
      ["preview_code_issued", "Marcus Reid", `Issued a new access code for preview ancoats-coffee-co of ${target}`],
      ["preview_revoked", "Hannah Whitaker", `Revoked preview ancoats-coffee-co of ${target}`],
      ["preview_restored", "Hannah Whitaker", `Restored preview ancoats-coffee-co of ${target}`],
      ["preview_linked", "Marcus Reid", `Linked ${target} to preview jemrex; preview ancoats-coffee-co was revoked`],
      ["preview_unlinked", "Marcus Reid", `Unlinked ${target} from preview jemrex; the preview was revoked`],
    ]);
    expect(events.map((e) => e.actor_id)).toEqual([sales.id, sales.id, owner.id, owner.id, sales.id, sales.id]);
  });

  it("records a client deleted, naming it and the preview that went with it", async () => {
    const make = async (name: string) => (await expectJson(owner.api.crm.clients.$post({ json: { name } }), 201)).client.id;
    const plain = await make("Plain Client Ltd");
    const linked = await make("Linked Client Ltd");
    await expectJson(
      owner.api.crm.clients[":id"].preview.$put({ param: { id: linked }, json: { preview_id: "salford-quays-physio", previewUrl: null } }),
      200,
    );
    await expectJson(deleteClient(plain), 200);
    await expectJson(deleteClient(linked), 200);
    // A refused or repeated delete records nothing.
    expect((await deleteClient(plain)).status).toBe(404);
    const deleted = (await trail()).filter((e) => e.action === "client_deleted").reverse();
    expect(deleted.map((e) => [e.actor_id, e.detail])).toEqual([
      [owner.id, `Deleted client "Plain Client Ltd" (${plain})`],
      [owner.id, `Deleted client "Linked Client Ltd" (${linked}); preview salford-quays-physio was revoked`],
    ]);
  });

  it("records studio settings changed, naming the fields but not their values; a save that changes nothing records nothing", async () => {
    const details = {
      studio_name: "Redbrick Studio",
      address: "Unit 4, Ancoats Works\nManchester",
      vat_number: null,
      bank_name: "Northern Bank",
      bank_account_name: "Redbrick Studio Ltd",
      bank_sort_code: "12-34-56",
      bank_account_number: "12345678",
      invoice_notes: null,
    };
    const save = (changes: Partial<typeof details>, updated_at: string | null) =>
      expectJson(owner.api.crm.settings.$put({ json: { ...details, ...changes, updated_at } }), 200);
    const first = await save({}, null);
    const newBank = { bank_account_number: "87654321", bank_sort_code: "65-43-21" };
    const second = await save(newBank, first.updated_at);
    await save(newBank, second.updated_at);
    const changes = (await trail()).filter((e) => e.action === "settings_changed").reverse();
    expect(changes.map((e) => [e.actor_id, e.detail])).toEqual([
      [owner.id, "Changed the studio details: address, bank name, account name, sort code, account number"],
      [owner.id, "Changed the studio details: sort code, account number"],
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/87654321|12345678/);
  });

  it("records an invitation accepted: the new account, its role and who invited it", async () => {
    const email = `joiner-${crypto.randomUUID().slice(0, 8)}@studio.test`;
    const token = await invite(owner, email);
    const { user } = await expectJson(acceptInvite(token, "Priya Shah"), 201);
    const [accepted] = (await trail()).filter((e) => e.action === "invite_accepted");
    expect(accepted).toMatchObject({
      actor_id: user.id,
      actor_name: "Priya Shah",
      subject_id: user.id,
      subject_name: "Priya Shah",
      detail: `Joined as Sales (${email}), invited by Hannah Whitaker`,
    });
    expect(accepted.ip_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("pages by time and then id, so events written in the same millisecond are neither skipped nor repeated", async () => {
    const at = "2026-01-01T09:00:00.000Z";
    const insert = env.DB.prepare(
      "INSERT INTO audit_events (id, action, actor_id, subject_id, detail, ip_hash, request_id, created_at) VALUES (?, 'export', NULL, NULL, 'x', 'h', 'r', ?)",
    );
    await env.DB.batch(Array.from({ length: 150 }, (_, i) => insert.bind(`evt-${String(i).padStart(3, "0")}`, at)));
    const seen: string[] = [];
    let page = await trail();
    seen.push(...page.map((e) => e.id));
    while (page.length === 100) {
      const last = page.at(-1)!;
      page = await trail({ before: last.created_at, before_id: last.id });
      seen.push(...page.map((e) => e.id));
    }
    const all = await rows<{ id: string }>("SELECT id FROM audit_events");
    expect(seen.length).toBe(all.length);
    expect(new Set(seen).size).toBe(all.length);
  });

  it("is the Owner's to read; Sales may neither read it nor export", async () => {
    const sales = await signInAs("Sales");
    expect((await sales.api.crm.audit.$get({ query: {} })).status).toBe(403);
    expect((await sales.api.crm.export.$get({ query: {} })).status).toBe(403);
    expect((await visitorApi.crm.audit.$get({ query: {} })).status).toBe(401);
  });
});

describe("invitations", () => {
  const accept = (token: string) => acceptInvite(token, "New Person");

  it("can be withdrawn by an Owner: the link stops working at once", async () => {
    const token = await invite(owner, `withdrawn-${crypto.randomUUID().slice(0, 8)}@studio.test`);
    const [{ id }] = await rows<{ id: string }>("SELECT id FROM invites");
    await expectJson(withdraw(id), 200);
    expect((await accept(token)).status).toBe(404);
    expect((await withdraw(id)).status).toBe(404);
  });

  it("die with a disabled inviter", async () => {
    const second = await signInAs("Owner", "Second Owner");
    const token = await invite(second, `orphan-${crypto.randomUUID().slice(0, 8)}@studio.test`);
    await expectJson(setDisabled(second.id, true), 200);
    expect(await countRows("invites")).toBe(0);
    expect((await accept(token)).status).toBe(404);
  });
});

describe("what goes with the record it belongs to", () => {
  /** A client linked to `card`, unlocked once by the client: whether the code still unlocks it, and whether that visit is still open. */
  async function unlockedPreview(card: PreviewCard) {
    const { clientId, code, cookie } = await linkedPreview(owner, { name: "Gone Soon Ltd", card, url: "https://example.com/p" });
    const param = { clientId: card };
    const verify = () => visitorApi.previews[":clientId"].verify.$post({ param, json: { password: code } });
    const unlocked = async () => (await expectJson(apiClient({ cookie }).previews[":clientId"].$get({ param }), 200)).success;
    return { clientId, verify, unlocked };
  }

  it("deleting a client revokes its preview: the code and open visits stop working", async () => {
    const preview = await unlockedPreview("chorlton-bakehouse");
    expect(await preview.unlocked()).toBe(true);
    await expectJson(deleteClient(preview.clientId), 200);
    expect(await preview.unlocked()).toBe(false);
    expect((await preview.verify()).status).toBe(401);
  });

  it("delete-all revokes every linked preview", async () => {
    const preview = await unlockedPreview("ancoats-coffee-co");
    await deleteAll(owner);
    expect(await preview.unlocked()).toBe(false);
    expect((await preview.verify()).status).toBe(401);
  });

  it("an enquiry's own record is kept 12 months: the nightly housekeeping deletes older ones, their leads stay", async () => {
    const old = new Date(Date.now() - 366 * 24 * 60 * 60_000).toISOString();
    const recent = new Date(Date.now() - 300 * 24 * 60 * 60_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO leads (id, name, status, created_at, updated_at) VALUES ('old-lead', 'Old Enquirer', 'New', ?1, ?1)",
      ).bind(old),
      env.DB.prepare(
        "INSERT INTO form_submissions (id, kind, payload, lead_id, email_status, created_at, updated_at) VALUES ('old', 'contact', '{}', 'old-lead', 'sent', ?1, ?1), ('recent', 'contact', '{}', 'old-lead', 'sent', ?2, ?2)",
      ).bind(old, recent),
    ]);
    await runCron();
    expect((await rows<{ id: string }>("SELECT id FROM form_submissions")).map((r) => r.id)).toEqual(["recent"]);
    expect(await rows("SELECT id FROM leads WHERE id = 'old-lead'")).toHaveLength(1);
  });

  it("a website enquiry is deleted with its lead, and by delete-all", async () => {
    const enquiry = (email: string) =>
      visitorApi.contact.$post({
        json: { name: "Priya Shah", email, subject: "A new website", message: "We need a site with online orders." },
      });
    expect((await enquiry("priya@example.co.uk")).status).toBe(201);
    expect((await enquiry("tom@example.co.uk")).status).toBe(201);
    const [lead] = await rows<{ id: string }>("SELECT id FROM leads WHERE email = 'priya@example.co.uk'");
    await expectJson(owner.api.crm.leads[":id"].$delete({ param: { id: lead.id } }), 200);
    expect(await rows("SELECT payload FROM form_submissions")).toHaveLength(1);
    await deleteAll(owner);
    expect(await countRows("form_submissions")).toBe(0);
  });
});
