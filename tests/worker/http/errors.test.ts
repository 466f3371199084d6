/** One error envelope for every failure, the Origin check and the security headers of API answers. */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { apiClient, call, createUser, errorOf, login, ORIGIN, PASSWORD, signedIn, expectJson, signInAs } from "../support/helpers";
import { SPECULATION_RULES } from "../../../worker/http/speculation-rules";
import { PAGE_BOOT_SCRIPT } from "../../../worker/http/page-boot";

const JSON_TYPE = { "Content-Type": "application/json" };

describe("the error envelope", () => {
  it("answers malformed JSON with 400 invalid_json", async () => {
    for (const body of ['{"email": "a@b.co",', "not json", ""]) {
      const error = await errorOf(call("/api/auth/login", { body, headers: JSON_TYPE }), 400);
      expect(error.code, JSON.stringify(body)).toBe("invalid_json");
    }
  });

  it("answers malformed JSON on a CRM route the same way", async () => {
    const { cookie } = await signedIn("Sales");
    expect(await errorOf(call("/api/crm/leads", { cookie, body: "{", headers: JSON_TYPE }), 400)).toMatchObject({ code: "invalid_json" });
  });

  // Sign-in also takes an HTML form's bodies (tests/worker/forms/native-forms.test.ts); the Team gate takes JSON only.
  it.each([
    ["text/plain", '{"email":"a@example.com","password":"x"}', "/api/auth/login"],
    ["application/x-www-form-urlencoded", "password=x", "/api/auth/team"],
    ["multipart/form-data; boundary=x", "--x--", "/api/auth/team"],
    ["(no Content-Type)", '{"email":"a@example.com","password":"x"}', "/api/auth/login"],
  ])("answers a body sent as %s with 415 and the envelope, not a 500 or a list of missing fields", async (type, body, path) => {
    const user = await createUser();
    const res = await call(path, {
      body: body.replace("a@example.com", user.email),
      headers: type.startsWith("(") ? {} : { "Content-Type": type },
    });
    const error = await errorOf(res, 415);
    expect(error).toMatchObject({ code: "unsupported_media_type", message: "Send the request body as application/json" });
    expect(error.fields).toBeUndefined();
  });

  it("accepts JSON with a charset parameter", async () => {
    const user = await createUser();
    const res = await call("/api/auth/login", {
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(200);
  });

  it("answers a schema failure with 422 and a message per field", async () => {
    const error = await errorOf(call("/api/auth/login", { json: { email: "not an email", password: "secret" } }), 422);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("Please correct the highlighted fields");
    expect(error.fields).toEqual({ email: "Please enter a valid email address" });
  });

  it("answers an unknown API path with a 404 JSON envelope", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call("/api/nope", { method });
      const error = await errorOf(res, 404);
      expect(error.code).toBe("not_found");
    }
  });

  it("carries a request id in every error", async () => {
    const error = await errorOf(call("/api/nope"), 404);
    expect(error.requestId).toMatch(/\S{8,}/);
  });
});

describe("when D1 answers an error", () => {
  it("answers a JSON 500 with a request id that finds the log line, and leaks no SQL or stack", async () => {
    const staff = await signInAs("Sales");
    const { leads: api } = staff.api.crm;
    await expectJson(api.$post({ json: { name: "Before the outage" } }), 201);
    // A real D1 failure, not a mock: the table the query needs is gone.
    await env.DB.exec("ALTER TABLE leads RENAME TO leads_offline");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const [what, send] of [
        ["GET /api/crm/leads", () => api.$get({ query: {} })],
        ["POST /api/crm/leads", () => api.$post({ json: { name: "During the outage" } })],
        ["GET /api/crm/leads/board", () => api.board.$get({ query: {} })],
      ] as const) {
        const res = await send();
        expect(res.status, what).toBe(500);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
        const text = await res.text();
        const { error } = JSON.parse(text) as { error: { code: string; message: string; requestId: string } };
        expect(error).toEqual({ code: "internal", message: "Something went wrong. Please try again.", requestId: expect.any(String) });
        expect(error.requestId.length).toBeGreaterThanOrEqual(8);
        expect(text).not.toMatch(/leads_offline|no such table|SQLITE|D1_|select |insert |\bat \w+ \(|\.ts:\d+/i);
        // The operator can find the cause from the id the user reports.
        expect(logged.mock.calls.some(([line]) => String(line).includes(error.requestId) && /no such table/.test(String(line)))).toBe(true);
      }
    } finally {
      logged.mockRestore();
      await env.DB.exec("ALTER TABLE leads_offline RENAME TO leads");
    }
    // Nothing was half-written while it was down.
    const { leads } = await expectJson(api.$get({ query: {} }), 200);
    expect(leads.map((l) => l.name)).toEqual(["Before the outage"]);
  });
});

describe("the Origin check", () => {
  it("refuses a state-changing request from another site with 403", async () => {
    const user = await createUser();
    const res = await login(user.email, PASSWORD, { headers: { Origin: "https://evil.example" } });
    expect(await errorOf(res, 403)).toMatchObject({ code: "forbidden" });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a browser's cross-site request even without an Origin header", async () => {
    const user = await createUser();
    expect((await login(user.email, PASSWORD, { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
  });

  it("refuses a cross-site CRM write before anything else", async () => {
    const { cookie } = await signedIn("Owner");
    const fromEvil = apiClient({ cookie, headers: { Origin: "https://evil.example" } });
    const res = await fromEvil.crm.leads.$post({ json: { name: "Injected" } });
    expect(res.status).toBe(403);
    const list = await expectJson(apiClient({ cookie }).crm.leads.$get({ query: {} }), 200);
    expect(list.leads).toHaveLength(0);
  });

  it("refuses an opaque (null) Origin", async () => {
    const user = await createUser();
    expect((await login(user.email, PASSWORD, { headers: { Origin: "null" } })).status).toBe(403);
  });

  it("allows the same origin, and clients that send no Origin", async () => {
    const user = await createUser();
    expect((await login(user.email, PASSWORD, { headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it("lets cross-site reads through (they carry no side effects)", async () => {
    const res = await call("/api/health", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

describe("security headers", () => {
  it("let inline scripts run only if they are the prerendered pages' boot script or speculation rules, by their SHA-256", async () => {
    const hashOf = async (text: string) =>
      `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;
    const csp = (await call("/api/health")).headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === "script-src");
    // Exactly these: a stale hash would block the boot script (no stylesheet, no islands) or the rules.
    expect(scriptSrc?.slice(1)).toEqual(["'self'", await hashOf(PAGE_BOOT_SCRIPT), await hashOf(SPECULATION_RULES)]);
  });

  function expectSecurityHeaders(res: { headers: Headers }) {
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );
    expect(directives.get("script-src")).toBeDefined();
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives.get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives.get("frame-ancestors")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get("Strict-Transport-Security")!)![1])).toBeGreaterThanOrEqual(15_552_000);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  }

  it("are on successful API answers", async () => {
    expectSecurityHeaders(await call("/api/health"));
    const { cookie } = await signedIn("Sales");
    expectSecurityHeaders(await call("/api/crm/leads", { cookie }));
  });

  it("are on error answers too", async () => {
    expectSecurityHeaders(await call("/api/nope"));
    expectSecurityHeaders(await call("/api/crm/leads"));
    expectSecurityHeaders(await call("/api/auth/login", { body: "{", headers: JSON_TYPE }));
    expectSecurityHeaders(await call("/api/auth/login", { json: {}, headers: { Origin: "https://evil.example" } }));
  });

  it("are on the sign-in answer that sets the cookie", async () => {
    const user = await createUser();
    expectSecurityHeaders(await login(user.email, PASSWORD));
  });
});
