/** Calls the worker as a signed-in member of staff would. */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../worker/app";
import { expect } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import type { Role } from "../../contract/user";

export interface Staff {
  id: string;
  cookie: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
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
  return { id, cookie, call: (method, path, body) => request(method, path, body, cookie) };
}

export function request(method: string, path: string, body?: unknown, cookie?: string) {
  return exports.default.fetch(`http://localhost${path}`, {
    method,
    headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** Asserts the status (showing the body when it differs) and parses the JSON. */
export async function expectJson<T = Record<string, unknown>>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const countRows = async (table: string) => ((await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first()) as { n: number }).n;
export const rows = async <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all()
  ).results as T[];

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
