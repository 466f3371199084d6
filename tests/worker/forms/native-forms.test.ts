/**
 * The public forms posted as plain HTML forms (no JavaScript, or before React hydrates): the same
 * endpoints take form-encoded and multipart bodies, store them the same way, and answer as a
 * browser expects, 303 to the success message or the page again (422) with the messages.
 * The pages come from the built site (dist/), as in production: run `npm run build` first.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, PASSWORD, rows, sessionCookieOf, waitForMail } from "../support/helpers";
import { PUBLIC_BODY_MAX_BYTES } from "../../../worker/http/body-limit";
import worker from "../../../worker/index";

let ipCounter = 0;
const ORIGIN = "http://localhost";

/**
 * Posts as a browser's form does. `inbox`: the studio's address for this post alone, the worker's
 * background work (the notification) awaited, as requestWithEnv does for JSON: the shared inbox
 * also gets the notifications of earlier tests' forms, sent after their responses.
 */
async function postForm(
  path: string,
  fields: Record<string, string>,
  opts: { multipart?: boolean; origin?: string; referer?: string; inbox?: string } = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": `198.51.100.${++ipCounter}`, Origin: opts.origin ?? ORIGIN };
  if (opts.referer) headers.Referer = opts.referer;
  let body: BodyInit;
  if (opts.multipart) {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    body = data;
  } else {
    body = new URLSearchParams(fields);
  }
  const init = { method: "POST", headers, body, redirect: "manual" } as const;
  if (opts.inbox === undefined) return exports.default.fetch(`${ORIGIN}${path}`, init);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, STUDIO_INBOX: opts.inbox }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const contact = {
  name: "Priya Shah",
  email: "priya.native@example.co.uk",
  subject: "New website for my bakery",
  message: "We need a site with online orders.",
  website_url: "",
};
const redesign = {
  name: "Tom Baxter",
  email: "tom.native@baxterjoinery.co.uk",
  budget: "5k-10k",
  currentWebsite: "https://baxterjoinery.co.uk",
  projectDescription: "Our site is slow and looks dated on phones.",
  website_url: "",
};
const valuation = {
  name: "Ann Lee",
  email: "ann.native@example.com",
  phone: "+44 161 555 0101",
  propertyAddress: "12 Ancoats Street, Manchester M4 5AB",
  message: "",
  website_url: "",
};

/** The control named `name` in the page, and the message it points to. */
function fieldOf(html: string, name: string) {
  // Attribute values may hold ">" (what was typed): a tag ends at a ">" outside quotes.
  const attrs = `(?:[^>"]|"[^"]*")*`;
  const tag = new RegExp(`<(input|textarea|select)${attrs}\\bname="${name}"${attrs}>`).exec(html)?.[0];
  expect(tag, `a control named ${name}`).toBeDefined();
  const id = /\bid="([^"]+)"/.exec(tag!)?.[1];
  const message = new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
  return {
    tag: tag!,
    id,
    message,
    invalid: tag!.includes(`aria-invalid="true"`),
    describedBy: /aria-describedby="([^"]*)"/.exec(tag!)?.[1],
  };
}

describe("native form posts", () => {
  it("stores a form-encoded contact message and sends the browser to the success message", async () => {
    const inbox = `studio-${crypto.randomUUID()}@redbrickstudio.co.uk`;
    const res = await postForm("/api/contact", contact, { referer: `${ORIGIN}/contact?utm_source=newsletter&utm_bogus=x`, inbox });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact#sent");
    const [lead] = await rows("SELECT * FROM leads WHERE email = ?", contact.email);
    expect(lead).toMatchObject({ name: "Priya Shah", source: "Website", status: "New" });
    expect(lead.notes).toContain("Page: /contact");
    expect(lead.notes).toContain("utm_source=newsletter");
    expect(lead.notes).not.toContain("utm_bogus");
    const [submission] = await rows("SELECT * FROM form_submissions WHERE lead_id = ?", lead.id);
    expect(submission).toMatchObject({ kind: "contact", email_status: "sent" });
    const [mail] = await waitForMail(inbox);
    expect(mail.text).toContain("New website for my bakery");
  });

  it("takes multipart bodies the same way, on every form", async () => {
    const cases = [
      ["/api/contact", { ...contact, email: "multi.contact@example.com" }, "/contact#sent"],
      ["/api/redesign", { ...redesign, email: "multi.redesign@example.com" }, "/free-redesign#sent"],
      ["/api/valuation", { ...valuation, email: "multi.valuation@example.com" }, "/portfolio/amco-real-estate#sent"],
    ] as const;
    for (const [path, fields, sent] of cases) {
      const res = await postForm(path, fields, { multipart: true });
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location")).toBe(sent);
      const [lead] = await rows("SELECT * FROM leads WHERE email = ?", fields.email);
      expect(lead, path).toBeDefined();
    }
    const kinds = (await rows<{ kind: string }>("SELECT kind FROM form_submissions ORDER BY kind")).map((r) => r.kind);
    expect(kinds).toEqual(["contact", "redesign", "valuation"]);
  });

  it("answers invalid fields with the page again: values kept, each message beside its field, a summary linking to them", async () => {
    const typed = { ...contact, name: "P", email: "not-an-email", subject: `&lt;`, message: "Hi <b>&" };
    const res = await postForm("/api/contact", typed);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("<title>Error: ");
    const expected = {
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 10 characters",
    };
    for (const [name, message] of Object.entries(expected)) {
      const field = fieldOf(html, name);
      expect(field.message, name).toBe(message);
      expect(field.invalid, name).toBe(true);
      expect(field.describedBy?.split(" "), name).toContain(`${field.id}-error`);
      expect(html).toContain(`<a class="underline" href="#${field.id}">${message}</a>`);
    }
    // What was typed comes back, as text.
    expect(fieldOf(html, "name").tag).toContain(`value="P"`);
    expect(fieldOf(html, "subject").tag).toContain(`value="&amp;lt;"`);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Hi &lt;b&gt;&amp;<\/textarea>/);
    // The summary comes first in the form and takes focus; no script runs on this page.
    expect(html.indexOf('id="form-problems"')).toBeLessThan(html.indexOf('name="name"'));
    expect(html).toMatch(/<div id="form-problems" role="alert" tabindex="-1" autofocus/);
    expect(html).not.toContain('id="page-boot"');
    expect(html).not.toMatch(/<script>/);
    expect(await rows("SELECT * FROM leads WHERE email = ?", typed.email)).toHaveLength(0);
    expect(await rows("SELECT * FROM form_submissions")).toHaveLength(0);
  });

  it("keeps the chosen budget and says what is wrong with the redesign request", async () => {
    const res = await postForm("/api/redesign", {
      ...redesign,
      budget: "10k-20k",
      currentWebsite: "not a url",
      projectDescription: "short",
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(fieldOf(html, "currentWebsite").message).toBe("Please enter a valid website URL");
    expect(fieldOf(html, "projectDescription").message).toBe("Please provide at least 10 characters describing your project");
    expect(fieldOf(html, "budget").invalid).toBe(false);
    expect(html).toMatch(/<option value="10k-20k" selected(="")?>/);
    expect(html).toMatch(/<option value=""[^>]*disabled(?![^>]*selected)[^>]*>/);

    const none = await postForm("/api/redesign", { ...redesign, budget: "" });
    expect(fieldOf(await none.text(), "budget").message).toBe("Please select a budget range");
  });

  it("says what is wrong with a valuation request on the Amco page", async () => {
    const res = await postForm("/api/valuation", { ...valuation, phone: "call me", propertyAddress: "" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Book A Valuation");
    expect(fieldOf(html, "phone").message).toBe("Please enter a valid phone number");
    expect(fieldOf(html, "phone").tag).toContain(`value="call me"`);
    expect(fieldOf(html, "propertyAddress").message).toBe("Please enter the property address");
  });

  const endpoints = [
    ["/api/contact", contact, "/contact#sent"],
    ["/api/redesign", redesign, "/free-redesign#sent"],
    ["/api/valuation", valuation, "/portfolio/amco-real-estate#sent"],
  ] as const;

  it.each(endpoints)("%s answers a filled honeypot like a success and stores nothing", async (path, fields, sent) => {
    for (const multipart of [false, true]) {
      const res = await postForm(path, { ...fields, email: "bot@example.com", website_url: "http://spam.example" }, { multipart });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(sent);
    }
    expect(await rows("SELECT * FROM leads WHERE email = ?", "bot@example.com")).toHaveLength(0);
    expect(await rows("SELECT * FROM form_submissions")).toHaveLength(0);
  });

  it.each(endpoints)("%s refuses a form posted from another site, and stores nothing", async (path, fields) => {
    const res = await postForm(path, fields, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await rows("SELECT * FROM leads")).toHaveLength(0);
  });

  it.each(endpoints)("%s refuses a body over the public limit before reading it", async (path, fields) => {
    for (const multipart of [false, true]) {
      const res = await postForm(path, { ...fields, name: "x".repeat(PUBLIC_BODY_MAX_BYTES) }, { multipart });
      expect(res.status).toBe(413);
    }
    expect(await rows("SELECT * FROM leads")).toHaveLength(0);
  });

  it.each(endpoints)("%s answers a multipart body's invalid field with the page and its message", async (path, fields) => {
    const res = await postForm(path, { ...fields, email: "not-an-email" }, { multipart: true });
    expect(res.status).toBe(422);
    expect(fieldOf(await res.text(), "email").message).toBe("Please enter a valid email address");
    expect(await rows("SELECT * FROM leads")).toHaveLength(0);
  });

  it("keeps the field limits of the JSON API", async () => {
    const res = await postForm("/api/contact", { ...contact, subject: "s".repeat(201) });
    expect(res.status).toBe(422);
    expect(fieldOf(await res.text(), "subject").invalid).toBe(true);
    expect(await rows("SELECT * FROM leads")).toHaveLength(0);
  });
});

describe("staff sign-in posted without JavaScript", () => {
  const signInForm = (email: string, password: string) => postForm("/api/auth/login", { email, password });

  it("signs in and sends the browser to the CRM with its session cookie", async () => {
    const user = await createUser({ role: "Sales" });
    const res = await signInForm(user.email, PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/crm");
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect((await call("/api/auth/me", { cookie: cookie! })).status).toBe(200);
  });

  it("shows the sign-in page again with the refusal beside the password, which is not echoed", async () => {
    const user = await createUser();
    const res = await signInForm(user.email, "not-the-password");
    expect(res.status).toBe(401);
    expect(sessionCookieOf(res)).toBeNull();
    const html = await res.text();
    expect(fieldOf(html, "password").message).toBe("Invalid email or password");
    expect(fieldOf(html, "password").tag).not.toContain("not-the-password");
    expect(fieldOf(html, "email").tag).toContain(`value="${user.email}"`);
  });

  it("says what is wrong with a malformed e-mail", async () => {
    const res = await signInForm("nobody", "x");
    expect(res.status).toBe(422);
    expect(fieldOf(await res.text(), "email").invalid).toBe(true);
  });
});
