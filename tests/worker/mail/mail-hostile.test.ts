/**
 * What a stranger can mail the CRM's inbox, through the worker's email() door as Email Routing
 * hands it over: forged Authentication-Results, a Message-ID taken from a real message, a staff
 * mail to hundreds of addresses, a 253-character Message-ID. Whatever is stored must come back
 * through export → import and delete-all → restore, exactly.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { MAIL_ID_MAX, MAIL_REFUSALS_KEPT } from "../../../contract/mail";
import type { LeadInput } from "../../../contract/lead";
import { deleteAll, exportAll, importText, snapshot } from "../support/crm-data";
import { createUser, deliverMail as deliver, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import cloudflareBlock from "../../fixtures/mail/cloudflare-block.eml?raw";
import forgedLoneAuth from "../../fixtures/mail/forged-lone-auth.eml?raw";
import authTwiceInBlock from "../../fixtures/mail/auth-twice-in-block.eml?raw";
import dmarcPassNoDomain from "../../fixtures/mail/dmarc-pass-no-domain.eml?raw";
import dmarcFail from "../../fixtures/mail/dmarc-fail.eml?raw";

const STAFF = "hannah@redbrickstudio.co.uk";

let owner: Staff;
beforeEach(async () => {
  await createUser({ email: STAFF, full_name: "Hannah Whitaker", role: "Owner" });
  owner = await signInAs("Owner");
});

const stored = async () => (await rows<{ n: number }>("SELECT count(*) AS n FROM mail_messages"))[0].n;
const addLead = async (json: LeadInput) => (await expectJson(owner.api.crm.leads.$post({ json }), 201)).lead.id;
const refusals = () => expectJson(owner.api.crm.mail.refusals.$get(), 200);

/** Cloudflare-block.eml (a staff mail to Jo Carter, vouched for by Cloudflare) with its own headers replaced or added. */
function staffMail(headers: { to?: string; cc?: string; messageId?: string; subject?: string }, body?: string): string {
  let raw = cloudflareBlock;
  if (headers.to !== undefined) raw = raw.replace("To: Jo Carter <jo@carterbakes.co.uk>", `To: ${headers.to}`);
  if (headers.cc !== undefined) raw = raw.replace("\r\nMIME-Version:", `\r\nCc: ${headers.cc}\r\nMIME-Version:`);
  if (headers.messageId !== undefined) raw = raw.replace("<CAJx4fWk-cloudflare-block@mail.gmail.com>", headers.messageId);
  if (headers.subject !== undefined) raw = raw.replace("Subject: Collection slots", `Subject: ${headers.subject}`);
  if (body !== undefined) raw = raw.slice(0, raw.indexOf("\r\n\r\n") + 4) + body;
  return raw;
}

describe("only the receiving server's own Authentication-Results vouch for a sender", () => {
  it("files a message under Cloudflare's whole block: Received, ARC set, Received-SPF and its Authentication-Results", async () => {
    expect((await deliver(cloudflareBlock)).rejected).toBeNull();
    expect(await stored()).toBe(1);
  });

  it.each([
    [
      "a forged lone Authentication-Results, Cloudflare's own absent",
      forgedLoneAuth,
      "No Authentication-Results from mx.cloudflare.net among the headers it added on receipt, so the sender's domain could not be checked.",
    ],
    [
      "a forged one straight under Cloudflare's",
      authTwiceInBlock,
      "2 Authentication-Results headers from mx.cloudflare.net among the headers it added on receipt, where it writes one, so its own cannot be told from a forged one.",
    ],
    [
      "a DMARC pass that names no domain",
      dmarcPassNoDomain,
      "Neither DMARC nor SPF or DKIM aligned with redbrickstudio.co.uk passed at mx.cloudflare.net (it reported dkim=pass, dmarc=pass, spf=softfail).",
    ],
    [
      "a DMARC failure with a forged pass lower down",
      dmarcFail,
      "DMARC failed for redbrickstudio.co.uk at mx.cloudflare.net: the message may not be from who it says.",
    ],
  ])("refuses %s, with the reason, storing nothing", async (_, raw, reason) => {
    expect((await deliver(raw)).rejected).toBe(reason);
    expect(await stored()).toBe(0);
    expect(await rows("SELECT envelope_from, reason FROM mail_refusals")).toEqual([{ envelope_from: STAFF, reason }]);
  });
});

/** A member of staff forwarding `original` to the CRM as an attachment (message/rfc822), under Cloudflare's block. */
function forwarded(original: string, note = "For the record.") {
  const boundary = "fwd-0123456789";
  return staffMail(
    { to: "crm@redbrickstudio.co.uk", messageId: `<fwd-${crypto.randomUUID()}@mail.gmail.com>`, subject: "Fwd: for the CRM" },
    `--${boundary}\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\n${note}\r\n` +
      `--${boundary}\r\nContent-Type: message/rfc822\r\nContent-Disposition: attachment; filename="original.eml"\r\n\r\n${original}\r\n` +
      `--${boundary}--\r\n`,
  ).replace('Content-Type: text/plain; charset="UTF-8"\r\n\r\n--', `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--`);
}

/** A message from outside, as its sender's mail program wrote it. */
const outside = (from: string, messageId: string, subject: string, text: string) =>
  `From: ${from}\r\nTo: Hannah Whitaker <hannah@redbrickstudio.co.uk>\r\nSubject: ${subject}\r\nDate: Mon, 7 Dec 2026 08:01:00 +0000\r\n` +
  `Message-ID: ${messageId}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\n${text}\r\n`;

describe("a Message-ID is the message's only with its sender", () => {
  const REAL_ID = "<CAK7nP9q-order-1234@mail.carterbakes.co.uk>";
  const real = outside("Jo Carter <jo@carterbakes.co.uk>", REAL_ID, "Order for Friday", "Two dozen sourdough loaves for Friday, please.");
  const forgery = outside(
    "Jo Carter <jo@carterbakes-billing.example>",
    REAL_ID,
    "Bank details changed",
    "Please pay us at the new account.",
  );

  it("a stranger's message carrying a real mail's Message-ID does not make the real one a duplicate", async () => {
    expect((await deliver(forwarded(forgery))).rejected).toBeNull();
    expect((await deliver(forwarded(real))).rejected).toBeNull();
    expect(await rows("SELECT from_address, subject FROM mail_messages ORDER BY subject")).toEqual([
      { from_address: "jo@carterbakes-billing.example", subject: "Bank details changed" },
      { from_address: "jo@carterbakes.co.uk", subject: "Order for Friday" },
    ]);
    // The real one again (a colleague forwarding it too) is the same message.
    expect((await deliver(forwarded(real, "Me too."))).rejected).toBeNull();
    expect(await stored()).toBe(2);
  });

  it("a row stored under the old key (the Message-ID alone) still catches its sender's redelivery, and only its sender's", async () => {
    expect((await deliver(forwarded(real))).rejected).toBeNull();
    // As the filer wrote keys before the sender was part of them.
    await env.DB.prepare("UPDATE mail_messages SET dedupe_key = ?").bind("id:CAK7nP9q-order-1234@mail.carterbakes.co.uk").run();
    expect((await deliver(forwarded(real, "Again."))).rejected).toBeNull();
    expect(await stored()).toBe(1);
    expect((await deliver(forwarded(forgery))).rejected).toBeNull();
    expect(await rows("SELECT from_address FROM mail_messages ORDER BY from_address")).toEqual([
      { from_address: "jo@carterbakes-billing.example" },
      { from_address: "jo@carterbakes.co.uk" },
    ]);
  });
});

describe("a staff mail to hundreds of outside addresses", () => {
  it("is filed: the addresses are matched in pieces under D1's limit of bound parameters", async () => {
    const list = (from: number) =>
      Array.from({ length: 150 }, (_, i) => `"Guest ${from + i}" <guest${from + i}@party.example>`).join(",\r\n ");
    const leadId = await addLead({ name: "Guest 299", email: "Guest299@Party.example" });
    const { client } = await expectJson(
      owner.api.crm.clients.$post({ json: { name: "Party Hire", emails: ["guest7@party.example"] } }),
      201,
    );
    // One lead and one client among 300 addresses: two matches, so it waits in Unfiled mail.
    expect((await deliver(staffMail({ to: list(0), cc: list(150) }))).rejected).toBeNull();
    const [message] = await rows<{ id: string; related_id: string | null; to: string; cc: string }>(
      'SELECT id, related_id, "to", cc FROM mail_messages',
    );
    expect(message.related_id).toBeNull();
    expect(JSON.parse(message.to)).toHaveLength(150);
    expect(JSON.parse(message.cc)).toHaveLength(150);
    // Without the client, the same mail files itself on the lead.
    await expectJson(owner.api.crm.mail[":id"].$delete({ param: { id: message.id } }), 200);
    await expectJson(owner.api.crm.clients[":id"].$delete({ param: { id: client.id } }), 200);
    expect((await deliver(staffMail({ to: list(0), cc: list(150) }))).rejected).toBeNull();
    expect(await rows("SELECT related_type, related_id FROM mail_messages")).toEqual([{ related_type: "lead", related_id: leadId }]);
  });
});

/** Hands the email() door a message whose bytes are a stream that counts how often it was read. */
async function deliverCounted(raw: string, from: string) {
  const bytes = new TextEncoder().encode(raw);
  let pulls = 0;
  let at = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 64 * 1024));
        at += 64 * 1024;
      },
      // Nothing read ahead: a pull is a read.
    },
    { highWaterMark: 0 },
  );
  let rejected: string | null = null;
  const message = {
    from,
    to: env.CRM_INBOX,
    headers: new Headers(),
    raw: stream,
    rawSize: bytes.byteLength,
    setReject: (reason: string) => void (rejected = reason),
  } as unknown as ForwardableEmailMessage;
  const ctx = createExecutionContext();
  await worker.email!(message, env as never, ctx);
  await waitOnExecutionContext(ctx);
  return { rejected: rejected as string | null, pulls };
}

/** A 0.9 MB message of 9,999 parts, under the parser's limit of parts: slow to read, and nothing a person sends. */
const manyParts = (from: string) =>
  `From: ${from}\r\nTo: crm@redbrickstudio.co.uk\r\nSubject: parts\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n` +
  "--b\r\nContent-Type: text/plain\r\n\r\n" +
  "x".repeat(60) +
  "\r\n" +
  Array.from({ length: 9_998 }, () => `--b\r\nContent-Type: text/plain\r\n\r\n${"y".repeat(60)}\r\n`).join("") +
  "--b--\r\n";

const NOT_STAFF = "Only mail sent from a member of staff's own address is filed; this sender is not one.";

describe("refusals: the cheap check first, and a bounded record", () => {
  it("refuses a stranger on the envelope sender before reading a byte of the message", async () => {
    const raw = manyParts("mallory@elsewhere.example");
    expect(raw.length).toBeGreaterThan(900_000);
    expect(await deliverCounted(raw, "mallory@elsewhere.example")).toEqual({ rejected: NOT_STAFF, pulls: 0 });
    // Unreadable bytes from a stranger are refused for who sent them, not for what they are.
    expect((await deliver("", "mallory@elsewhere.example")).rejected).toBe(NOT_STAFF);
    // A member of staff's message is read as before.
    expect((await deliverCounted(cloudflareBlock, STAFF)).pulls).toBeGreaterThan(0);
    expect(await stored()).toBe(1);
  });

  it("counts every refusal on its day, keeps the latest 100 with their reasons, and delete-all clears them", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    // Counted days before today: one inside the 90 days, one past them.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO mail_refusal_days (day, count) VALUES (?, 7)").bind(ago(10)),
      env.DB.prepare("INSERT INTO mail_refusal_days (day, count) VALUES (?, 1000)").bind(ago(120)),
    ]);
    for (let i = 0; i < MAIL_REFUSALS_KEPT + 5; i++)
      expect((await deliver("x", `stranger${i}@elsewhere.example`)).rejected).toBe(NOT_STAFF);
    expect(await rows("SELECT count(*) AS n FROM mail_refusals")).toEqual([{ n: MAIL_REFUSALS_KEPT }]);
    const [{ day, count }] = await rows<{ day: string; count: number }>(
      "SELECT day, count FROM mail_refusal_days WHERE day >= ? ORDER BY day DESC LIMIT 1",
      ago(1),
    );
    expect(day >= ago(1) && day <= today).toBe(true);
    expect(count).toBe(MAIL_REFUSALS_KEPT + 5);
    const seen = await refusals();
    expect(seen.count).toBe(MAIL_REFUSALS_KEPT + 5 + 7);
    expect(seen.latest).toHaveLength(MAIL_REFUSALS_KEPT);
    // The latest kept, the first five gone.
    expect(seen.latest[0]).toMatchObject({ envelope_from: `stranger${MAIL_REFUSALS_KEPT + 4}@elsewhere.example`, reason: NOT_STAFF });
    expect(seen.latest.map((r) => r.envelope_from)).not.toContain("stranger4@elsewhere.example");

    await deleteAll(owner);
    expect(await rows("SELECT (SELECT count(*) FROM mail_refusals) AS kept, (SELECT count(*) FROM mail_refusal_days) AS days")).toEqual([
      { kept: 0, days: 0 },
    ]);
    expect(await refusals()).toEqual({ count: 0, latest: [] });
  });
});

/** Export → delete-all → import, then delete-all → restore of that first backup: each must give back exactly what was there. */
async function roundTrip() {
  const before = await snapshot();
  const doc = await exportAll(owner);
  const { backup } = await deleteAll(owner);
  expect(await stored()).toBe(0);
  await expectJson(importText(owner, JSON.stringify(doc)), 200);
  expect(await snapshot()).toEqual(before);
  await deleteAll(owner);
  await expectJson(owner.api.crm.backups[":id"].restore.$post({ param: { id: backup.id } }), 200);
  expect(await snapshot()).toEqual(before);
  return before;
}

describe("whatever the inbox stores comes back from an export and a backup", () => {
  it("a stranger's 253-character Message-ID, forwarded by staff as an attachment", async () => {
    const domain = "@mail.stranger.example";
    const id = `${"k".repeat(253 - domain.length)}${domain}`;
    expect(id).toHaveLength(253);
    expect(id.length).toBeLessThanOrEqual(MAIL_ID_MAX);
    const original = outside("Ann Other <ann@stranger.example>", `<${id}>`, "A long id", "Hello.").replace(
      "\r\nMIME-Version:",
      `\r\nIn-Reply-To: <${id.replace("k", "j")}>\r\nReferences: <${id.replace("k", "i")}> <${id.replace("k", "j")}>\r\nMIME-Version:`,
    );
    expect((await deliver(forwarded(original))).rejected).toBeNull();
    const [row] = await rows<{ message_id: string; dedupe_key: string }>("SELECT message_id, dedupe_key FROM mail_messages");
    expect(row.message_id).toBe(id);
    expect(row.dedupe_key.length).toBeGreaterThan(253);
    await roundTrip();
  });

  it("a Message-ID that grows past the limit when its domain is lower-cased is kept by a hash instead", async () => {
    // "İ" lower-cases to two characters: 250 as written, 370 as compared.
    const id = `${"m".repeat(129)}@${"İ".repeat(120)}`;
    expect((await deliver(forwarded(outside("Ann Other <ann@stranger.example>", `<${id}>`, "Dotted", "Hello.")))).rejected).toBeNull();
    const [row] = await rows<{ message_id: string | null; dedupe_key: string }>("SELECT message_id, dedupe_key FROM mail_messages");
    expect(row.message_id).toBeNull();
    expect(row.dedupe_key).toMatch(/^hash:[0-9a-f]{64}$/);
    await roundTrip();
  });

  it("the hostile messages together: a long id, a forged lone Authentication-Results, a pre-empting Message-ID, 300 recipients", async () => {
    const leadId = await addLead({ name: "Jo Carter", email: "jo@carterbakes.co.uk" });
    const longId = `<${"q".repeat(253 - "@mail.stranger.example".length)}@mail.stranger.example>`;
    const many = Array.from({ length: 150 }, (_, i) => `guest${i}@party.example`).join(", ");
    const messages = [
      forwarded(outside("Ann Other <ann@stranger.example>", longId, "A long id", "Hello.")),
      forgedLoneAuth,
      forwarded(
        outside(
          "Jo Carter <jo@carterbakes-billing.example>",
          "<CAK7nP9q-order-1234@mail.carterbakes.co.uk>",
          "Bank details changed",
          "New account.",
        ),
      ),
      forwarded(outside("Jo Carter <jo@carterbakes.co.uk>", "<CAK7nP9q-order-1234@mail.carterbakes.co.uk>", "Order for Friday", "Bread.")),
      staffMail({ to: many, cc: many.replaceAll("guest", "friend"), messageId: "<party@mail.gmail.com>", subject: "Party" }),
    ];
    const outcomes = [];
    for (const raw of messages) outcomes.push((await deliver(raw)).rejected);
    expect(outcomes.map((o) => o === null)).toEqual([true, false, true, true, true]);
    expect(await stored()).toBe(4);
    expect(await rows("SELECT related_id FROM mail_messages WHERE subject = 'Order for Friday'")).toEqual([{ related_id: leadId }]);
    const before = await roundTrip();
    expect(before.mail_messages).toHaveLength(4);
    expect(before.activities.length).toBeGreaterThan(0);
  });
});
