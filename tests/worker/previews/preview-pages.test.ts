/**
 * The preview unlock as a plain HTML form, and the preview page served unlocked on the server:
 * the frame (or "Preview Coming Soon") is in the first HTML for a visitor whose code was
 * accepted, with or without JavaScript. Pages come from the built site: `npm run build` first.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { hashPassword } from "../../../worker/platform/password";
import { createDb } from "../../../worker/platform/db";
import { readPreview, writePreview, type PreviewRecord } from "../../../worker/modules/previews";
import { PREVIEW_INVALID_MESSAGE } from "../../../contract/preview";
import { fillUnlockedPage, unlockedVariantPath } from "../../../worker/modules/previews";

const CODE = "let-me-in-2026";
const ORIGIN = "http://localhost";
const stores = () => ({ kv: env.PREVIEWS, db: createDb(env.DB) });
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

async function seedPreview(id: string, overrides: Partial<PreviewRecord> = {}) {
  await writePreview(stores(), id, await readPreview(env.PREVIEWS, id), {
    name: "VM Fitness",
    previewUrl: "https://staging.vmfitness.example/?a=1&b=2",
    code: await hashPassword(CODE, 1000),
    expiresAt: null,
    revoked: false,
    updatedAt: new Date().toISOString(),
    ...overrides,
  });
}

/** The unlock form as a browser with no JavaScript sends it. */
function postCode(id: string, password: string, ip = freshIp()) {
  return exports.default.fetch(`${ORIGIN}/api/previews/${id}/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": ip },
    body: new URLSearchParams({ password }),
    redirect: "manual",
  });
}
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0];
const openPage = (path: string, cookie?: string) =>
  exports.default.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** The access code field and the message it points to. */
function codeField(html: string) {
  const tag = /<input(?:[^>"]|"[^"]*")*\bname="password"(?:[^>"]|"[^"]*")*>/.exec(html)?.[0] ?? "";
  const id = /\bid="([^"]+)"/.exec(tag)?.[1];
  return { tag, message: new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1] };
}

beforeEach(async () => {
  await seedPreview("vm-fitness");
});

describe("the preview unlock posted without JavaScript", () => {
  it("sets the unlock cookie and sends the browser back to the preview", async () => {
    const res = await postCode("vm-fitness", CODE);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/clients/vm-fitness");
    expect(res.headers.get("set-cookie")).toMatch(/^__Host-rb_preview_vm-fitness=.*HttpOnly/i);
  });

  it("re-renders the locked page with the invalid-code message beside the field, the code not echoed", async () => {
    const res = await postCode("vm-fitness", "wrong-code");
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    const field = codeField(html);
    expect(field.message).toBe(PREVIEW_INVALID_MESSAGE);
    expect(field.tag).toContain(`aria-invalid="true"`);
    expect(field.tag).not.toContain("wrong-code");
    expect(html).toContain("Enter your access code to view the preview");
    expect(html).not.toContain("<iframe");
  });

  it("says how long to wait once the card is locked for this address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postCode("vm-fitness", `wrong-${i}`, ip)).status).toBe(401);
    const res = await postCode("vm-fitness", CODE, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(codeField(await res.text()).message).toMatch(/^Too many attempts\. Please wait \d+ minutes? before trying again\.$/);
  });

  it("answers a made-up card with the not-found page", async () => {
    const res = await postCode("no-such-card", CODE);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page Not Found");
  });
});

describe("GET /clients/{id}", () => {
  it("serves the preview unlocked in its first HTML to a visitor whose code was accepted", async () => {
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    const res = await openPage("/clients/vm-fitness", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-security-policy")).toContain("frame-src https:");
    const html = await res.text();
    expect(html).toMatch(/<iframe src="https:\/\/staging\.vmfitness\.example\/\?a=1&amp;b=2" title="Website preview for VM Fitness"/);
    expect(html).not.toContain("Enter your access code to view the preview");
    expect(html).not.toMatch(/Token|token\.invalid/);
    // React starts from the same client: the JSON block holds exactly what the HTML shows.
    const state = /<script type="application\/json" id="preview-unlocked">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toEqual({ name: "VM Fitness", previewUrl: "https://staging.vmfitness.example/?a=1&b=2" });
    const viewed = await env.DB.prepare("SELECT last_viewed_at FROM preview_views WHERE preview_id = ?").bind("vm-fitness").first();
    expect(viewed).not.toBeNull();
  });

  it("serves the locked page to anyone else, and to another card's cookie", async () => {
    for (const cookie of [
      undefined,
      "__Host-rb_preview_vm-fitness=forged",
      cookieOf(await postCode("vm-fitness", CODE)).replace("vm-fitness=", "jemrex="),
    ]) {
      const res = await openPage("/clients/vm-fitness", cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Enter your access code to view the preview");
      expect(html).not.toContain("<iframe");
      expect(html).not.toContain('id="preview-unlocked"');
    }
  });

  it("says Preview Coming Soon when the card has no URL yet", async () => {
    await seedPreview("vm-fitness", { previewUrl: null });
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    const html = await (await openPage("/clients/vm-fitness", cookie)).text();
    expect(html).toContain("Preview Coming Soon");
    expect(html).not.toContain("<iframe");
  });

  it("writes the client's name as text, never as markup", async () => {
    await seedPreview("vm-fitness", { name: `</script><script>alert(1)</script>` });
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    const html = await (await openPage("/clients/vm-fitness", cookie)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    const state = /<script type="application\/json" id="preview-unlocked">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!).name).toBe(`</script><script>alert(1)</script>`);
  });

  it("stops serving the preview once the code is rotated", async () => {
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    await seedPreview("vm-fitness", {
      code: await hashPassword("a-new-code-2026", 1000),
      updatedAt: new Date(Date.now() + 1000).toISOString(),
    });
    const html = await (await openPage("/clients/vm-fitness", cookie)).text();
    expect(html).not.toContain("<iframe");
  });

  it("never serves the build's unlocked templates directly, and 404s unknown cards", async () => {
    for (const path of ["/clients/vm-fitness/unlocked", "/clients/vm-fitness/coming-soon", "/clients/no-such-card"]) {
      const res = await openPage(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("PreviewClientNameToken");
    }
  });
});

/** The text with each lone surrogate as U+FFFD (String.prototype.toWellFormed, ES2024). */
const wellFormed = (s: string) => Array.from(s, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? "\uFFFD" : ch)).join("");

/** An attribute's text as the browser reads it. */
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every mailto: link on the page, as a mail program reads it: the address and each header field. */
const mailtoLinks = (html: string) =>
  [...html.matchAll(/href="(mailto:[^"]*)"/g)].map(([, href]) => {
    const url = new URL(unescapeHtml(href));
    return { to: decodeURIComponent(url.pathname), fields: [...url.searchParams.entries()] };
  });

describe("the client's name and URL in the unlocked page", () => {
  it("are written as typed: $&, $` and $' are not replacement patterns", async () => {
    const name = "Smith $& Sons $` $' $$";
    const previewUrl = "https://staging.example/?q=$&r=$'&s=$`";
    await seedPreview("vm-fitness", { name, previewUrl });
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    const html = await (await openPage("/clients/vm-fitness", cookie)).text();
    expect(html).toContain(`title="Website preview for Smith $&amp; Sons $\` $&#39; $$"`);
    expect(html).toContain(`<iframe src="https://staging.example/?q=$&amp;r=$&#39;&amp;s=$\`"`);
    expect(html).not.toMatch(/PreviewClientNameToken|preview-url-token/);
  });

  it("cannot add a recipient or header to the Get Website mail link", async () => {
    await seedPreview("vm-fitness", { name: "A&bcc=x@evil.tld", previewUrl: null });
    const cookie = cookieOf(await postCode("vm-fitness", CODE));
    const html = await (await openPage("/clients/vm-fitness", cookie)).text();
    expect(html).toContain("Preview Coming Soon");
    expect(mailtoLinks(html)).toContainEqual({ to: "hello@redbrickstudio.co.uk", fields: [["subject", "A&bcc=x@evil.tld - Get Website"]] });
    for (const link of mailtoLinks(html)) expect(link.fields.map(([key]) => key)).not.toContain("bcc");
  });

  it("holds for any name: the page shows it, the mail link's subject carries it whole, the island starts from it", async () => {
    const template = async (withUrl: boolean) =>
      (await env.ASSETS.fetch(new URL(unlockedVariantPath("vm-fitness", withUrl), ORIGIN).toString())).text();
    const [comingSoon, framed] = await Promise.all([template(false), template(true)]);
    const awkward = fc.string({
      unit: fc.oneof(
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
        fc.constantFrom("$&", "$`", "$'", "$$", "$1", "&", "=", "?", "#", "%", '"', "'", "<", ">", "\uD800", "PreviewClientNameToken"),
      ),
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(awkward, (name) => {
        const page = fillUnlockedPage(comingSoon, { name, previewUrl: null });
        expect(mailtoLinks(page)).toContainEqual({
          to: "hello@redbrickstudio.co.uk",
          fields: [["subject", `${wellFormed(name)} - Get Website`]],
        });
        const state = /<script type="application\/json" id="preview-unlocked">([^<]*)<\/script>/.exec(page)?.[1];
        expect(JSON.parse(state!)).toEqual({ name, previewUrl: null });
        const framedPage = fillUnlockedPage(framed, { name, previewUrl: "https://staging.example/" });
        expect(unescapeHtml(/<iframe [^>]*title="([^"]*)"/.exec(framedPage)![1])).toBe(`Website preview for ${name}`);
      }),
      { numRuns: 200 },
    );
  });
});

describe("an id that is not one of the cards", () => {
  const badIds = [
    "vm-fitness%2Funlocked",
    "vm-fitness%2Fcoming-soon",
    "..%2Fcrm",
    "%2E%2E",
    "vm-fitness.html",
    "vm-fitness..",
    "vm-fitness%00",
    "a%22%5D%2C%20form",
    "x".repeat(4000),
  ];
  const api = (method: string, path: string, init: { body?: string; type?: string } = {}) =>
    exports.default.fetch(`${ORIGIN}/api/previews/${path}`, {
      method,
      headers: { Origin: ORIGIN, "CF-Connecting-IP": freshIp(), ...(init.type ? { "Content-Type": init.type } : {}) },
      body: init.body,
      redirect: "manual",
    });
  const json = "application/json";

  it("is the not-found page at /clients/{id}, never a template or the locked page", async () => {
    for (const id of badIds) {
      const res = await openPage(`/clients/${id}`);
      expect(res.status, id).toBe(404);
      const html = await res.text();
      expect(html, id).toContain("Page Not Found");
      expect(html, id).not.toMatch(/PreviewClientNameToken|preview-url-token|Enter your access code/);
    }
  });

  it("is a 404 from every preview endpoint, a form post included, before anything is checked or stored", async () => {
    for (const id of badIds) {
      const answers = {
        verify: await api("POST", `${id}/verify`, { type: json, body: JSON.stringify({ password: CODE }) }),
        state: await api("GET", id),
        feedback: await api("GET", `${id}/feedback`),
        comment: await api("POST", `${id}/comments`, { type: json, body: JSON.stringify({ body: "Looks great", author_name: "Vicky" }) }),
        approval: await api("POST", `${id}/approvals`, {
          type: json,
          body: JSON.stringify({ release_id: "x", approver_name: "Vicky Marsh", confirm: true }),
        }),
      };
      for (const [what, res] of Object.entries(answers)) {
        expect(res.status, `${what} ${id.slice(0, 40)}`).toBe(404);
        expect(await res.json(), `${what} ${id.slice(0, 40)}`).toMatchObject({ error: { code: "not_found" } });
      }
      const form = await api("POST", `${id}/verify`, { type: "application/x-www-form-urlencoded", body: `password=${CODE}` });
      // The not-found page, or the API's 404 for a path the URL parser folded ("%2E%2E").
      expect(form.status, id).toBe(404);
      expect(await form.text(), id).not.toMatch(/PreviewClientNameToken|Enter your access code|"internal"/);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM rate_limit_events").first<{ n: number }>())!.n).toBe(0);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM preview_access_log").first<{ n: number }>())!.n).toBe(0);
  });
});
