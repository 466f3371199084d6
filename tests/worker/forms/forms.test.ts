import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  apiClient,
  apiWithEnv,
  errorOf,
  expectJson,
  signInAs,
  mailTo,
  unchecked,
  visitorApi,
  waitForMail,
  type Api,
  type Staff,
} from "../support/helpers";

type FormBody<F extends "contact" | "redesign" | "valuation"> = Parameters<Api[F]["$post"]>[0]["json"];

const validContact: FormBody<"contact"> = {
  name: "Priya Shah",
  email: "Priya@Example.co.uk",
  subject: "New website for my bakery",
  message: "We need a site with online orders.",
};
const validRedesign: FormBody<"redesign"> = {
  name: "Tom Baxter",
  email: "tom@baxterjoinery.co.uk",
  budget: "5k-10k",
  currentWebsite: "https://baxterjoinery.co.uk",
  projectDescription: "Our site is slow and looks dated on phones.",
};
const validValuation: FormBody<"valuation"> = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "+44 161 555 0101",
  propertyAddress: "12 Ancoats Street, Manchester M4 5AB",
};

let ipCounter = 0;
/** The public forms as a visitor's browser posts them, from an address of its own unless `ip` says. */
const visitor = (ip = `203.0.113.${++ipCounter}`) => apiClient({ ip });
const contact = (json: FormBody<"contact">, ip?: string) => visitor(ip).contact.$post({ json });
const redesign = (json: FormBody<"redesign">) => visitor().redesign.$post({ json });
const valuation = (json: FormBody<"valuation">) => visitor().valuation.$post({ json });

const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results as Record<string, unknown>[];

describe("POST /api/contact", () => {
  it("stores the submission, creates a Website lead and records the notification as sent", async () => {
    const res = await contact({ ...validContact, page: "/contact", utm: { utm_source: "google" } });
    expect(res.status).toBe(201);
    const [lead] = await rows("SELECT * FROM leads");
    expect(lead).toMatchObject({ name: "Priya Shah", email: "priya@example.co.uk", source: "Website", status: "New" });
    expect(lead.notes).toContain("Subject: New website for my bakery");
    expect(lead.notes).toContain("Page: /contact");
    expect(lead.notes).toContain("utm_source=google");
    const [submission] = await rows("SELECT * FROM form_submissions");
    expect(submission).toMatchObject({ kind: "contact", lead_id: lead.id, email_status: "sent", email_attempts: 1 });
    expect(JSON.parse(submission.payload as string)).toMatchObject({ subject: validContact.subject });
  });

  it.each([
    ["name", { name: "P" }, "Name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["subject", { subject: "Hey" }, "Subject must be at least 5 characters"],
    ["message", { message: "Too short" }, "Message must be at least 10 characters"],
  ])("rejects a bad %s with the spec's message and stores nothing", async (field, change, message) => {
    const error = await errorOf(contact({ ...validContact, ...change }), 422);
    expect(error.code).toBe("validation_failed");
    expect(error.fields?.[field]).toBe(message);
    expect(await rows("SELECT id FROM form_submissions")).toHaveLength(0);
    expect(await rows("SELECT id FROM leads")).toHaveLength(0);
  });

  it("answers a filled honeypot like a success but creates nothing", async () => {
    const res = await contact({ ...validContact, website_url: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await rows("SELECT id FROM form_submissions")).toHaveLength(0);
    expect(await rows("SELECT id FROM leads")).toHaveLength(0);
  });

  it("adds a timeline note to the existing lead when the same person writes again", async () => {
    await contact(validContact);
    const res = await contact({ ...validContact, email: "PRIYA@example.co.uk", subject: "Following up on my enquiry" });
    expect(res.status).toBe(201);
    const leads = await rows("SELECT * FROM leads");
    expect(leads).toHaveLength(1);
    const notes = await rows("SELECT * FROM lead_activities WHERE lead_id = ?", leads[0].id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ activity_type: "note_added" });
    expect(notes[0].description).toContain("Following up on my enquiry");
    expect(await rows("SELECT id FROM form_submissions WHERE lead_id = ?", leads[0].id)).toHaveLength(2);
  });

  it("makes one lead for a new address that writes several times at once, with every submission on it", async () => {
    const answers = await Promise.all(
      ["First", "Second", "Third", "Fourth"].map((n) =>
        contact({ ...validContact, email: "burst@example.co.uk", subject: `${n} message` }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const leads = await rows("SELECT * FROM leads WHERE email = ?", "burst@example.co.uk");
    expect(leads).toHaveLength(1);
    expect(await rows("SELECT id FROM form_submissions WHERE lead_id = ?", leads[0].id)).toHaveLength(4);
    // The lead's notes are the first message's; the others are notes on its timeline.
    expect(await rows("SELECT id FROM lead_activities WHERE lead_id = ?", leads[0].id)).toHaveLength(3);
  });

  it("limits one address to 20 accepted requests an hour; invalid ones do not count", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 3; i++) expect((await contact({ ...validContact, name: "X" }, ip)).status).toBe(422);
    for (let i = 0; i < 20; i++) expect((await contact({ ...validContact, email: `p${i}@example.com` }, ip)).status).toBe(201);
    const res = await contact({ ...validContact, email: "late@example.com" }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await rows("SELECT id FROM leads WHERE email = 'late@example.com'")).toHaveLength(0);
    // Another address is unaffected.
    expect((await contact({ ...validContact, email: "other@example.com" }, "198.51.100.8")).status).toBe(201);
  });

  it("counts an IPv6 sender by its /64, so rotating addresses within it does not reset the limit", async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await contact({ ...validContact, email: `v6-${i}@example.com` }, `2001:db8:f0:1::${i.toString(16)}`);
      expect(res.status).toBe(201);
    }
    const res = await contact({ ...validContact, email: "v6-late@example.com" }, "2001:0db8:00f0:0001:abcd:1:2:3");
    expect(res.status).toBe(429);
    expect(await rows("SELECT id FROM leads WHERE email = 'v6-late@example.com'")).toHaveLength(0);
    // The neighbouring /64 is someone else.
    expect((await contact({ ...validContact, email: "v6-other@example.com" }, "2001:db8:f0:2::1")).status).toBe(201);
  });

  it("keeps the submission and the lead when the e-mail cannot be sent, marked failed for a retry", async () => {
    // The real send_email binding refuses a message whose sender is not an address.
    const res = await apiWithEnv({ MAIL_FROM: "not an address" }).contact.$post({ json: validContact });
    expect(res.status).toBe(201);
    const [submission] = await rows("SELECT * FROM form_submissions");
    expect(submission.email_status).toBe("failed");
    expect(submission.email_error).toBeTruthy();
    expect(await rows("SELECT id FROM leads")).toHaveLength(1);
  });
});

/** The API with some of the worker's bindings replaced, each request from an address of its own. */
const apiWith = (overrides: Partial<typeof env>, cookie?: string) => apiWithEnv(overrides, { cookie, ip: `192.0.2.${++ipCounter}` });
/** Resends a failed notification as `staff`, the worker's bindings replaced by `overrides`. */
const retryEmail = (overrides: Partial<typeof env>, staff: Staff, id: string) =>
  apiWith(overrides, staff.cookie).crm["form-submissions"][":id"]["retry-email"].$post({ param: { id } });
/** The real send_email binding refuses a message whose sender is not an address: a real failure, no mock. */
const brokenMail = { MAIL_FROM: "not an address" };
const uniqueInbox = () => `inbox-${crypto.randomUUID()}@redbrickstudio.co.uk`;

describe("notifications when the e-mail binding fails", () => {
  it.each([
    ["contact", (api: Api) => api.contact.$post({ json: validContact }), "Priya Shah"],
    ["redesign", (api: Api) => api.redesign.$post({ json: validRedesign }), "Tom Baxter"],
  ] as const)("a %s request still lands in D1 and in the CRM, marked failed", async (kind, send, name) => {
    const res = await send(apiWith(brokenMail));
    expect(res.status).toBe(201);
    const [submission] = await rows("SELECT * FROM form_submissions");
    expect(submission).toMatchObject({ kind, email_status: "failed", email_attempts: 1 });
    expect(submission.email_error).toBeTruthy();
    // The lead is in the CRM, and the CRM lists the failed notification for a retry.
    const staff = await signInAs("Sales");
    const { leads } = await expectJson(staff.api.crm.leads.$get({ query: {} }), 200);
    expect(leads).toEqual([expect.objectContaining({ id: submission.lead_id, name })]);
    const { notifications } = await expectJson(staff.api.crm["form-submissions"].failed.$get(), 200);
    expect(notifications).toEqual([
      expect.objectContaining({ id: submission.id, kind, name, lead_id: submission.lead_id, email_status: "failed", email_attempts: 1 }),
    ]);
  });

  it("resends a failed notification from the CRM once the binding works again, and it leaves the failed list", async () => {
    await apiWith(brokenMail).redesign.$post({ json: validRedesign });
    const [submission] = await rows("SELECT id FROM form_submissions");
    const staff = await signInAs("Sales");
    const inbox = uniqueInbox();
    const { notification } = await expectJson(retryEmail({ STUDIO_INBOX: inbox }, staff, String(submission.id)), 200);
    expect(notification).toMatchObject({ id: submission.id, email_status: "sent", email_attempts: 2 });
    const [mail] = await waitForMail(inbox);
    expect(mail.headers.subject).toBe("Free redesign request: Tom Baxter");
    expect(mail.text).toContain("Budget: £5,000 – £10,000");
    expect(mail.text).toContain("Our site is slow and looks dated on phones.");
    expect(await rows("SELECT email_status, email_error FROM form_submissions")).toEqual([{ email_status: "sent", email_error: null }]);
    const { notifications } = await expectJson(staff.api.crm["form-submissions"].failed.$get(), 200);
    expect(notifications).toHaveLength(0);
  });

  it("answers a retry of a notification already sent as it stands, sending nothing more", async () => {
    await apiWith(brokenMail).contact.$post({ json: validContact });
    const [submission] = await rows("SELECT id FROM form_submissions");
    const staff = await signInAs("Sales");
    const retry = (inbox: string) => retryEmail({ STUDIO_INBOX: inbox }, staff, String(submission.id));
    const first = uniqueInbox();
    await expectJson(retry(first), 200);
    await waitForMail(first);
    const second = uniqueInbox();
    const { notification } = await expectJson(retry(second), 200);
    expect(notification).toMatchObject({ id: submission.id, email_status: "sent", email_attempts: 2 });
    expect(await rows("SELECT email_attempts FROM form_submissions")).toEqual([{ email_attempts: 2 }]);
    expect(await mailTo(second)).toHaveLength(0);
  });

  it("resends a submission stored under an older version of its form, field by field", async () => {
    await apiWith(brokenMail).contact.$post({ json: validContact });
    const [submission] = await rows("SELECT id FROM form_submissions");
    const old = { name: "Old Form", email: "old@example.co.uk", enquiry: "Do you build shops?" };
    await env.DB.prepare("UPDATE form_submissions SET payload = ?").bind(JSON.stringify(old)).run();
    const staff = await signInAs("Sales");
    const inbox = uniqueInbox();
    await expectJson(retryEmail({ STUDIO_INBOX: inbox }, staff, String(submission.id)), 200);
    const [mail] = await waitForMail(inbox);
    expect(mail.headers.subject).toBe("Contact message: Old Form");
    expect(mail.text).toContain("enquiry: Do you build shops?");
  });

  it("answers a retry that fails again with a 502 envelope and keeps the submission marked for the next retry", async () => {
    await apiWith(brokenMail).contact.$post({ json: validContact });
    const [submission] = await rows("SELECT id FROM form_submissions");
    const staff = await signInAs("Sales");
    const error = await errorOf(retryEmail(brokenMail, staff, String(submission.id)), 502);
    expect(error.code).toBe("upstream_failed");
    expect(error.requestId).toBeTruthy();
    expect(await rows("SELECT email_status, email_attempts FROM form_submissions")).toEqual([
      { email_status: "failed", email_attempts: 2 },
    ]);
    expect(await rows("SELECT id FROM leads")).toHaveLength(1);
  });

  it("needs a signed-in member of staff to list or retry, and answers 404 for an unknown submission", async () => {
    const submissions = visitorApi.crm["form-submissions"];
    expect((await submissions.failed.$get()).status).toBe(401);
    expect((await submissions[":id"]["retry-email"].$post({ param: { id: "x" } })).status).toBe(401);
    const staff = await signInAs("Sales");
    await errorOf(staff.api.crm["form-submissions"][":id"]["retry-email"].$post({ param: { id: "nope" } }), 404);
  });
});

describe("the notification e-mail", () => {
  it("carries HTML typed into the form as plain text only, never as markup", async () => {
    const inbox = uniqueInbox();
    const name = '<img src=x onerror=alert(1)> "><svg onload=alert(2)>';
    const message = "<script>alert('x')</script> and <b>bold</b> please";
    const res = await apiWith({ STUDIO_INBOX: inbox }).contact.$post({ json: { ...validContact, name, message } });
    expect(res.status).toBe(201);
    const [mail] = await waitForMail(inbox);
    // One text/plain part and no HTML part: a mail client cannot run or render what the visitor typed.
    expect(mail.headers["content-type"]).toMatch(/^text\/plain;/);
    expect(mail.raw).not.toMatch(/text\/html/i);
    expect(mail.raw).not.toMatch(/multipart/i);
    expect(mail.text).toContain(`Name: ${name}`);
    expect(mail.text).toContain(`Message: ${message}`);
  });
});

describe("POST /api/redesign", () => {
  it("creates a lead whose notes carry the budget in pounds, the website and the description", async () => {
    expect((await redesign(validRedesign)).status).toBe(201);
    const [lead] = await rows("SELECT * FROM leads");
    expect(lead.notes).toContain("Budget: £5,000 – £10,000");
    expect(lead.notes).toContain("Current website: https://baxterjoinery.co.uk");
    expect(lead.notes).toContain("Our site is slow");
  });

  it.each([
    ["budget", { budget: "" }, "Please select a budget range"],
    ["budget", { budget: "a-million" }, "Please select a budget range"],
    ["currentWebsite", { currentWebsite: "not a url" }, "Please enter a valid website URL"],
    ["projectDescription", { projectDescription: "short" }, "Please provide at least 10 characters describing your project"],
  ])("rejects a bad %s with the spec's message", async (field, change, message) => {
    // A budget outside the form's choices is what the types forbid, so the body goes as it is.
    const error = await errorOf(redesign(unchecked({ ...validRedesign, ...change })), 422);
    expect(error.fields?.[field]).toBe(message);
  });

  it("accepts an empty current website", async () => {
    expect((await redesign({ ...validRedesign, currentWebsite: "" })).status).toBe(201);
  });

  it("takes a bare domain as people type it and stores it with https://; other schemes and hostless words are refused", async () => {
    expect((await redesign({ ...validRedesign, currentWebsite: " whitfieldjoinery.co.uk " })).status).toBe(201);
    const [lead] = (await rows("SELECT notes FROM leads")) as { notes: string }[];
    expect(lead.notes).toContain("Current website: https://whitfieldjoinery.co.uk");
    for (const bad of ["javascript:alert(1)", "ftp://files.example.co.uk", "localhost", "whitfield joinery"]) {
      const res = await redesign({ ...validRedesign, currentWebsite: bad });
      expect(res.status, bad).toBe(422);
    }
  });
});

describe("POST /api/valuation", () => {
  it("creates a lead with the phone and the property", async () => {
    expect((await valuation(validValuation)).status).toBe(201);
    const [lead] = await rows("SELECT * FROM leads");
    expect(lead).toMatchObject({ phone: "+44 161 555 0101", source: "Website" });
    expect(lead.notes).toContain("Property address: 12 Ancoats Street");
  });

  it("rejects a missing phone number", async () => {
    const error = await errorOf(valuation({ ...validValuation, phone: "" }), 422);
    expect(error.fields?.phone).toBe("Please enter a valid phone number");
  });
});
