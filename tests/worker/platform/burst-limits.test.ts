/**
 * Every limit holds under a burst (docs/guide/security.md): enquiries and preview comments reserve
 * their place under the limit before they are stored, so 50 parallel posts store and e-mail
 * exactly as many as the limit allows, and a refused one uses up nothing. Comments are counted
 * per client and network, so one holder of a client's code cannot silence the client elsewhere.
 * Guessed shared links (/p and /i alike) reserve their count before they are answered.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../../worker/platform/db";
import { addComment } from "../../../worker/modules/previews";
import { senderOf } from "../../../worker/platform/client-info";
import { apiWithEnv, expectJson, mailTo, requestWithEnv, rows, signInAs, type Staff, waitForMail } from "../support/helpers";
import type { PreviewCard } from "../support/crm-data";

/** Where this test's notifications go: the local mailbox keeps every test's mail. */
let inbox = "";
let staff: Staff;
beforeEach(async () => {
  inbox = `studio-${crypto.randomUUID()}@redbrickstudio.co.uk`;
  staff = await signInAs("Sales", "Marcus Reid");
});

/** The public API from `ip`, its notifications going to this test's inbox. */
const from = (ip: string, cookie?: string) => apiWithEnv({ STUDIO_INBOX: inbox }, { ip, cookie });

/** Fifty parallel posts, each stored and e-mailed: seconds on a machine shared with other work. */
const BURST_MS = 30_000;

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

/**
 * Exactly `count` messages reached the inbox. Every request has finished, so every send has
 * resolved; a short wait after the count is reached lets a late extra one show.
 */
async function expectMailCount(count: number) {
  await waitForMail(inbox, count, 5000);
  await new Promise((r) => setTimeout(r, 300));
  expect(await mailTo(inbox)).toHaveLength(count);
}

const enquiry = (i: number) => ({
  name: "Priya Shah",
  email: `burst-${i}@example.co.uk`,
  subject: "New website for my bakery",
  message: "We need a site with online orders.",
});

describe("an enquiry burst", () => {
  it(
    "stores and e-mails exactly 20 of 50 parallel enquiries from one address; 422s in the burst use up nothing",
    async () => {
      const ip = "198.51.100.7";
      const answers = await Promise.all([
        ...Array.from({ length: 50 }, (_, i) => from(ip).contact.$post({ json: enquiry(i) })),
        ...Array.from({ length: 10 }, (_, i) => from(ip).contact.$post({ json: { ...enquiry(100 + i), name: "P" } })),
      ]);
      expect(tally(answers.map((r) => r.status))).toEqual({ 201: 20, 422: 10, 429: 30 });
      for (const res of answers.filter((r) => (r.status as number) === 429))
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await rows("SELECT id FROM form_submissions")).toHaveLength(20);
      expect(await rows("SELECT id FROM leads")).toHaveLength(20);
      await expectMailCount(20);
      // Another address is unaffected.
      expect((await from("198.51.100.8").contact.$post({ json: enquiry(200) })).status).toBe(201);
    },
    BURST_MS,
  );
});

describe("a comment burst", () => {
  const valid = { body: "Can the logo be bigger on the home page?", page: "/", author_name: "Vicky Marsh" };

  /** Links `card` to a new client with a URL, issues a code and unlocks it: the client's id and unlock cookie. */
  async function unlockedClient(name: string, card: PreviewCard) {
    const { crm } = staff.api;
    const { client } = await expectJson(crm.clients.$post({ json: { name } }), 201);
    const param = { id: client.id };
    await expectJson(crm.clients[":id"].preview.$put({ param, json: { preview_id: card, previewUrl: "https://staging.example/" } }), 200);
    const { code } = await expectJson(crm.clients[":id"].preview.code.$post({ param }), 201);
    const res = await from("192.0.2.10").previews[":clientId"].verify.$post({ param: { clientId: card }, json: { password: code } });
    expect(res.status).toBe(200);
    return { id: client.id, card, cookie: res.headers.get("Set-Cookie")!.split(";")[0] };
  }

  const commentOn = (client: { card: string; cookie: string }, ip: string, body = valid) =>
    from(ip, client.cookie).previews[":clientId"].comments.$post({ param: { clientId: client.card }, json: body });

  it(
    "stores and e-mails exactly 30 of 50 parallel comments from one network, and the client still comments from elsewhere",
    async () => {
      const client = await unlockedClient("VM Fitness", "vm-fitness");
      // Fifty addresses of one /24: a network, as one holder of the code behind carrier NAT would be.
      const answers = await Promise.all([
        ...Array.from({ length: 50 }, (_, i) => commentOn(client, `203.0.113.${i + 1}`, { ...valid, body: `Burst comment ${i}` })),
        ...Array.from({ length: 10 }, (_, i) => commentOn(client, `203.0.113.${i + 100}`, { ...valid, body: "x" })),
      ]);
      expect(tally(answers.map((r) => r.status))).toEqual({ 201: 30, 422: 10, 429: 20 });
      expect(await rows("SELECT id FROM preview_comments")).toHaveLength(30);
      expect(await rows("SELECT id FROM activities WHERE related_id = ?", client.id)).toHaveLength(30);
      await expectMailCount(30);
      expect((await commentOn(client, "203.0.113.250")).status).toBe(429);
      // The real client, on another network, is not silenced.
      expect((await commentOn(client, "198.51.100.20")).status).toBe(201);
      expect((await commentOn(client, "2001:db8:1:2::5")).status).toBe(201);
    },
    BURST_MS,
  );

  it(
    "counts one network across clients: 60 an hour, whichever previews they go to",
    async () => {
      const clients = [
        await unlockedClient("VM Fitness", "vm-fitness"),
        await unlockedClient("Jemrex", "jemrex"),
        await unlockedClient("Galvin Locksmiths", "galvin-locksmiths"),
      ];
      const sent = await Promise.all(
        Array.from({ length: 30 }, (_, i) => clients.slice(0, 2).map((client) => commentOn(client, `203.0.113.${i + 1}`))).flat(),
      );
      expect(sent.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      const limited = await commentOn(clients[2], "203.0.113.99");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await commentOn(clients[2], "198.51.100.99")).status).toBe(201);
    },
    BURST_MS,
  );

  it("has a ceiling of 120 an hour per client from everywhere, four networks' worth", async () => {
    const client = await unlockedClient("VM Fitness", "vm-fitness");
    // 119 comments in the last hour, from networks all under their own limits.
    const insert = env.DB.prepare("INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('comments-client', ?, ?)");
    await env.DB.batch(Array.from({ length: 119 }, () => insert.bind(client.id, new Date(Date.now() - 60_000).toISOString())));
    expect((await commentOn(client, "10.0.1.1")).status).toBe(201);
    const limited = await commentOn(client, "10.0.2.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("gives the reservation back when a comment cannot be stored (its client deleted a moment before)", async () => {
    const db = createDb(env.DB);
    const gone = { previewId: "vm-fitness", client: { id: crypto.randomUUID(), name: "Gone Ltd" }, previewUrl: "https://staging.example/" };
    const sender = await senderOf("203.0.113.5", env.SESSION_SECRET);
    await expect(addComment({ ...env, STUDIO_INBOX: inbox }, db, gone, valid, sender, "http://localhost")).rejects.toThrow();
    expect(await rows("SELECT bucket FROM rate_limit_events")).toEqual([]);
    expect(await mailTo(inbox)).toEqual([]);
  });
});

describe("a burst of guessed links", () => {
  it(
    "answers 404 to exactly 20 of 50 parallel unknown links from one address, proposals' and invoices' together, and 429 to the rest",
    async () => {
      const { crm } = staff.api;
      const { client } = await expectJson(crm.clients.$post({ json: { name: "Acme" } }), 201);
      const { invoice } = await expectJson(
        crm.invoices.$post({
          json: { number: "INV-202611-001", client_id: client.id, total: 500, date: "2026-11-01", due_date: "2099-12-31" },
        }),
        201,
      );
      const { url } = await expectJson(crm.invoices[":id"].share.$post({ param: { id: invoice.id } }), 201);
      // The client's page, not the JSON API.
      const open = (path: string, ip: string) => requestWithEnv({}, "GET", path, undefined, undefined, ip);
      const ip = "203.0.113.77";
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => open(`/${i % 2 ? "p" : "i"}/${"G".repeat(41)}${String(i).padStart(2, "0")}`, ip)),
      );
      expect(tally(answers.map((r) => r.status))).toEqual({ 404: 20, 429: 30 });
      expect(await rows("SELECT key FROM rate_limit_events WHERE bucket = 'proposal-link-ip'")).toHaveLength(20);
      // A valid link still opens from that address (a shared office's), and from another.
      const path = new URL(url).pathname;
      expect((await open(path, ip)).status).toBe(200);
      expect((await open(path, "198.51.100.77")).status).toBe(200);
    },
    BURST_MS,
  );
});
