/** Headers and secrets as a browser receives them from the production-shaped server. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

function expectSecurityHeaders(res: APIResponse) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(h["strict-transport-security"]).toMatch(/max-age=\d+/);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBeTruthy();
}

test("a public page, a CRM page, a 404 and an API answer all carry the security headers", async ({ request }) => {
  for (const path of ["/", "/contact", "/crm/leads", "/nope", "/api/health"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBeLessThan(500);
    expectSecurityHeaders(res);
  }
});

test("the session cookie is HttpOnly, Secure and SameSite=Lax", async ({ request }) => {
  const res = await request.post("/api/auth/login", { data: { email: "hannah@redbrickstudio.co.uk", password: "owner-demo-pass-2026" } });
  expect(res.status()).toBe(200);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie")!.value;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Secure/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
});

test("no value of .dev.vars appears in any built asset", () => {
  const vars = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => !!m)
    .map(([, key, value]) => [key, value.replace(/^"|"$/g, "")] as const)
    .filter(([, value]) => value.length >= 8);
  expect(vars.length).toBeGreaterThanOrEqual(5);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk("dist");
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    for (const [key, value] of vars) expect(text.includes(value), `${key} found in ${file}`).toBe(false);
  }
});
