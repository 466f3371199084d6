/**
 * The one helper module of the worker tests: users created straight in D1, requests through the
 * real worker entry (as a signed-in member of staff, or with some bindings replaced), session
 * cookies, forged tokens, rows read back from D1 and the mail the worker sent.
 *
 * JSON API calls go through `apiClient()`, typed from the worker's own route chain as the web
 * app's client is, so a renamed route or field fails the typecheck. `call()` stays for what that
 * client cannot or must not send: pages, shared links, form posts, and input no client sends.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { SignJWT } from "jose";
import { expect, vi } from "vitest";
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { app, type AppType } from "../../../worker/app";
import worker from "../../../worker/index";
import { hashPassword } from "../../../worker/platform/password";
import { SESSION_COOKIE } from "../../../contract/auth";
import { keyFor } from "../../../worker/platform/keys";
import type { Role, SessionUser } from "../../../contract/user";
import type { ErrorEnvelope } from "../../../contract/errors";
import type { StudioSettingsInput } from "../../../contract/settings";

export const ORIGIN = "http://localhost";
/** Hashes store their iteration count, so test users can use a cheap one. */
export const TEST_ITERATIONS = 1000;
export const PASSWORD = "correct horse battery staple";
/** vitest.config.ts gives the worker this SESSION_SECRET (it wins over a developer's .dev.vars). */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";
/** What issueSession puts in every token; forged tokens must match it to be accepted. */
export const ISSUER = "redbrick-crm";

let seq = 0;
/** A distinct client address per call, so per-IP limits never leak between requests. */
export const freshIp = () => {
  seq++;
  return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
};
export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID().slice(0, 12)}@example.com`;

/** An invoice number no other test in the run takes (a random three digits collided one run in a few hundred). */
export const uniqueInvoiceNumber = (prefix = "INV-T") => `${prefix}-${crypto.randomUUID().slice(0, 12)}`;

export interface TestUser extends SessionUser {
  password: string;
}

export async function createUser(
  opts: Partial<{ email: string; password: string; full_name: string; role: Role; disabled: boolean; is_team: boolean }> = {},
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const role = opts.role ?? "Owner";
  const user = {
    id,
    email: opts.email ?? uniqueEmail(role.toLowerCase()),
    full_name: opts.full_name ?? (role === "Owner" ? "Hannah Whitaker" : "Marcus Reid"),
    role,
    password: opts.password ?? PASSWORD,
  };
  const pw = await hashPassword(user.password, TEST_ITERATIONS);
  await env.DB.prepare(
    "INSERT INTO users (id, email, full_name, role, password_hash, salt, iterations, disabled, is_team) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, user.email, user.full_name, role, pw.hash, pw.salt, pw.iterations, opts.disabled ? 1 : 0, opts.is_team ? 1 : 0)
    .run();
  return user;
}

export interface CallOptions {
  method?: string;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** A raw body, sent as is (no Content-Type unless given in headers). */
  body?: string;
  cookie?: string;
  /** CF-Connecting-IP; a fresh one unless given. */
  ip?: string;
  headers?: Record<string, string>;
}

/** A request through the worker's real entry (exports.default.fetch). */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers(opts.headers);
  if (opts.json !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", opts.ip ?? freshIp());
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: opts.method ?? (opts.json !== undefined || opts.body !== undefined ? "POST" : "GET"),
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
  });
}

/** The worker's JSON API as the web app sees it (`hc<AppType>(...).api`), typed from its route chain. */
export type Api = ReturnType<typeof hc<AppType>>["api"];

export interface ApiOptions {
  cookie?: string;
  /** CF-Connecting-IP of every request; a fresh one per request unless given. */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The typed client, each request through the worker's real entry (exports.default.fetch), with
 * this client's cookie and headers. `api.crm.leads.$post({ json })` takes what the route's schema
 * takes, and `expectJson` returns what the route answers.
 */
export function apiClient(
  opts: ApiOptions = {},
  fetch: typeof exports.default.fetch = (input, init) => exports.default.fetch(input, init),
): Api {
  return hc<AppType>(ORIGIN, {
    fetch,
    headers: () => ({ "CF-Connecting-IP": opts.ip ?? freshIp(), ...(opts.cookie ? { Cookie: opts.cookie } : {}), ...opts.headers }),
  }).api;
}

/** The JSON API as a visitor with no session. */
export const visitorApi = apiClient();

/**
 * Sends `value` as it is, though the route's types forbid it: for tests of what the worker does
 * with input our clients never send (unknown fields, wrong types, missing ones, hostile values).
 */
export const unchecked = (value: unknown) => value as never;

/**
 * The request options that send `body` as it is, for a route that reads its body itself (Import
 * streams the document), which its types do not describe: `api.crm.import.$post(undefined, rawBody(text))`.
 */
export const rawBody = (body: string, contentType = "application/json") => ({ headers: { "Content-Type": contentType }, init: { body } });

/** A response of the typed client. */
type TypedResponse = ClientResponse<unknown, number, string>;
/** A raw or a typed response: what `errorOf` and `json` read. */
export type AnyResponse = Response | TypedResponse;
/** The statuses a typed response's route declares. */
type StatusOf<R> = R extends ClientResponse<unknown, infer S, string> ? S : never;
/** The JSON body a typed response's route answers on success, whichever success status it is. */
export type OkBody<R> =
  R extends ClientResponse<infer T, infer U, infer F> ? (U extends SuccessStatusCode ? (F extends "json" ? T : never) : never) : never;
/** The JSON body a typed response's route answers at status `S`. */
type JsonAt<R, S extends number> =
  R extends ClientResponse<infer T, infer U, infer F> ? (S extends U ? (F extends "json" ? T : never) : never) : never;

/** The session cookie a response sets, as `name=value` for a Cookie header, or null. */
export function sessionCookieOf(res: { headers: Headers }): string | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) return null;
  const pair = set.split(";")[0];
  return pair === `${SESSION_COOKIE}=` ? null : pair;
}

export const tokenOf = (cookie: string) => cookie.slice(SESSION_COOKIE.length + 1);
export const cookieFor = (token: string) => `${SESSION_COOKIE}=${token}`;

/** POST /api/auth/login through the typed client, from `opts.ip` (a fresh address unless given) with `opts.cookie`. */
export function login(email: string, password: string, opts: ApiOptions = {}) {
  return apiClient(opts).auth.login.$post({ json: { email, password } });
}

/** Signs in through POST /api/auth/login and returns the session cookie. */
export async function signIn(user: { email: string; password: string }): Promise<string> {
  const res = await login(user.email, user.password);
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).not.toBeNull();
  return cookie!;
}

/** A new user of `role`, signed in. */
export async function signedIn(role: Role = "Owner") {
  const user = await createUser({ role });
  return { user, cookie: await signIn(user) };
}

/**
 * Asserts the status (showing the body when it differs) and parses the JSON as `T`: for answers
 * the typed client has no type for (a raw call, or a route that streams its body, as Export
 * does). A typed call's body comes from `expectJson`.
 */
export async function json<T = Record<string, unknown>>(res: AnyResponse | Promise<AnyResponse>, status: number): Promise<T> {
  return JSON.parse(await textWithStatus(res, status)) as T;
}

async function textWithStatus(res: AnyResponse | Promise<AnyResponse>, status: number): Promise<string> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return text;
}

/** Asserts the status and the envelope shape, and returns its `error`. */
export async function errorOf(res: AnyResponse | Promise<AnyResponse>, status: number): Promise<ErrorEnvelope["error"]> {
  const r = await res;
  expect(r.headers.get("Content-Type") ?? "").toMatch(/^application\/json/);
  const body = JSON.parse(await textWithStatus(r, status)) as ErrorEnvelope;
  expect(typeof body.error.code).toBe("string");
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

/** Signs a session token the way the worker does (its per-purpose key, auth_time and epoch), with any claim overridden. */
export async function forgeToken(
  claims: { sub: string; jti?: string; iat?: number; exp?: number; iss?: string; auth_time?: number; ep?: number },
  secret: string = TEST_SESSION_SECRET,
  key?: Uint8Array,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ auth_time: claims.auth_time ?? now, ep: claims.ep ?? 0 })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? ISSUER)
    .setJti(claims.jti ?? crypto.randomUUID())
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 3600)
    .sign(key ?? (await keyFor(secret, "session")));
}

export const rows = async <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all()
  ).results as T[];

export interface SentMail {
  file: string;
  raw: string;
  headers: Record<string, string>;
  /** The plain text, the text/plain part of a multipart message. */
  text: string;
  /** An invitation's text/calendar part, decoded, and the method its Content-Type names. */
  calendar?: { method: string; ics: string };
}

function decodeBase64Utf8(b64: string): string {
  const bin = atob(b64.replace(/\s+/g, ""));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** A MIME entity's headers (lower-case names) and its body, decoded when base64. */
function entity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const base64 = (headers["content-transfer-encoding"] ?? "").toLowerCase() === "base64";
  return { headers, body: base64 ? decodeBase64Utf8(body) : body };
}

function parseMail(file: string, raw: string): SentMail {
  const { headers, body } = entity(raw);
  const boundary = /boundary="([^"]+)"/.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { file, raw, headers, text: body };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => entity(part.replace(/^\r?\n/, "")));
  const text = parts.find((p) => (p.headers["content-type"] ?? "").startsWith("text/plain"))?.body ?? "";
  const cal = parts.find((p) => (p.headers["content-type"] ?? "").startsWith("text/calendar"));
  const method = /method=([A-Z]+)/.exec(cal?.headers["content-type"] ?? "")?.[1];
  return { file, raw, headers, text, ...(cal && method ? { calendar: { method, ics: cal.body } } : {}) };
}

let testStartedAt = 0;
/** Called before each test (setup.ts): mail sent before it belongs to earlier tests, as their rows do. */
export function markTestStart() {
  testStartedAt = Date.now();
}

/** Every message the real send_email binding accepted for `to` since this test began, oldest first. */
export async function mailTo(to: string): Promise<SentMail[]> {
  const res = await env.MAILBOX.fetch(`http://mailbox/messages?to=${encodeURIComponent(to)}&since=${testStartedAt}`);
  expect(res.status).toBe(200);
  const list = (await res.json()) as { file: string; raw: string }[];
  return list.map((m) => parseMail(m.file, m.raw));
}

/** A mail's subject as the reader sees it: an RFC 2047 encoded-word (the £ sign) decoded. */
export function subjectOf(mail: { headers: Record<string, string> }): string {
  const raw = mail.headers.subject ?? "";
  const m = raw.match(/^=\?UTF-8\?B\?(.*)\?=$/);
  return m ? new TextDecoder().decode(Uint8Array.from(atob(m[1]), (ch) => ch.charCodeAt(0))) : raw;
}
/**
 * Waits for `count` messages to `to`. The binding writes the message file just after send()
 * resolves, so the first look may come a moment early. A shared inbox (the studio's) also gets
 * what earlier tests sent after their responses: give the worker an inbox of its own for the test
 * (requestWithEnv), and the count is this test's.
 */
export async function waitForMail(to: string, count = 1, timeoutMs = 3000): Promise<SentMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailTo(to);
    if (found.length >= count || Date.now() > deadline) {
      const subjects = found.map((m) => m.headers.subject ?? "(no subject)").join(" | ");
      expect(found.length, `messages sent to ${to}: ${subjects}`).toBe(count);
      return found;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface Staff {
  id: string;
  cookie: string;
  /** The JSON API as this member of staff. */
  api: Api;
}

/** Creates a user directly in D1 (cheap hash) and signs in through the real endpoint. */
export async function signInAs(role: Role = "Sales", fullName = role === "Owner" ? "Hannah Whitaker" : "Marcus Reid"): Promise<Staff> {
  const pw = await hashPassword("correct horse battery", 1000);
  const id = crypto.randomUUID();
  const email = `${id}@studio.test`;
  await env.DB.prepare("INSERT INTO users (id, email, full_name, role, password_hash, salt, iterations) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, email, fullName, role, pw.hash, pw.salt, pw.iterations)
    .run();
  const res = await request("POST", "/api/auth/login", { email, password: "correct horse battery" });
  expect(res.status).toBe(200);
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  return { id, cookie, api: apiClient({ cookie }) };
}

export function request(method: string, path: string, body?: unknown, cookie?: string) {
  return exports.default.fetch(`http://localhost${path}`, {
    method,
    headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/**
 * Asserts a typed call's status (showing the body when it differs) and returns its JSON, typed as
 * the route answers it at that status. Only a status the route declares type-checks: a refusal is
 * read with `errorOf`.
 */
export async function expectJson<R extends TypedResponse, S extends StatusOf<R>>(res: R | Promise<R>, status: S): Promise<JsonAt<R, S>> {
  return JSON.parse(await textWithStatus(res, status)) as JsonAt<R, S>;
}

export const countRows = async (table: string) => ((await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first()) as { n: number }).n;
/** The worker's app with some bindings replaced (a broken mailer, say), waiting for its background work (live publish). */
const fetchWithEnv =
  (overrides: Partial<typeof env>) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(input, init), { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

/** The typed API client, with some of the worker's bindings replaced; its requests come from 192.0.2.1 unless `ip` says. */
export const apiWithEnv = (overrides: Partial<typeof env>, opts: ApiOptions = {}): Api =>
  apiClient({ ip: "192.0.2.1", ...opts }, fetchWithEnv(overrides));

/** Calls the worker with some bindings replaced (a broken mailer, say), waiting for its background work (live publish). */
export async function requestWithEnv(
  overrides: Partial<typeof env>,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  ip = "192.0.2.1",
) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        "CF-Connecting-IP": ip,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** Fires the worker's hourly Cron Trigger as if it were `at`, with some bindings replaced if asked (a broken mailer), and waits for its work. */
/**
 * A stand-in for a site outside (a calendar's server, GOV.UK): the worker's fetches to `origin`
 * get `answer`'s response until the test restores its mocks; the rest go out as before. Answers
 * the list of addresses asked for.
 */
export function serveOutside(origin: string, answer: (request: Request) => Response): string[] {
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(origin)) return realFetch(input, init);
    asked.push(request.url);
    return Promise.resolve(answer(request));
  });
  return asked;
}

export async function runCron(at: Date | string = new Date(), overrides: Partial<typeof env> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at), cron: "0 * * * *" }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * Hands `raw` to the worker's email() door as Email Routing would (from `from` to the CRM's inbox),
 * waits for its work, and answers the reason it was rejected with, or null.
 */
export async function deliverMail(raw: string, from = "hannah@redbrickstudio.co.uk"): Promise<{ rejected: string | null }> {
  const bytes = new TextEncoder().encode(raw);
  let rejected: string | null = null;
  const message = {
    from,
    to: env.CRM_INBOX,
    headers: new Headers(),
    raw: new Response(bytes).body!,
    rawSize: bytes.byteLength,
    setReject: (reason: string) => void (rejected = reason),
    forward: async () => ({ messageId: "" }),
    reply: async () => ({ messageId: "" }),
  } as unknown as ForwardableEmailMessage;
  const ctx = createExecutionContext();
  await worker.email!(message, env as never, ctx);
  await waitOnExecutionContext(ctx);
  return { rejected };
}

/**
 * The Owner saves Studio Details: a VAT-registered studio in Manchester unless `over` says
 * otherwise, on top of whatever version is stored. Answers what was saved.
 */
export async function saveStudioDetails(owner: Staff, over: Partial<StudioSettingsInput> = {}) {
  const { updated_at } = await expectJson(owner.api.crm.settings.$get(), 200);
  return expectJson(
    owner.api.crm.settings.$put({
      json: { studio_name: "Redbrick Studio", address: "Unit 4\nManchester", vat_number: "GB 123 4567 89", ...over, updated_at },
    }),
    200,
  );
}

/**
 * The first offered call start with the next two half an hour after it, so that an hour from it
 * covers exactly the first two. The first three offered times need not be: late in the day the
 * first is the day's last, and the next come on the next working day.
 */
export function threeInARow(starts: readonly string[]): [string, string, string] {
  const offered = new Set(starts);
  const later = (start: string, minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  const first = starts.find((s) => offered.has(later(s, 30)) && offered.has(later(s, 60)));
  if (!first) throw new Error(`no three offered times in a row among ${starts.length}`);
  return [first, later(first, 30), later(first, 60)];
}
