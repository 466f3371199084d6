/**
 * The client's answers on a shared proposal's page (docs/decisions/0021-clients-answer-proposals.md): accept, decline and ask a
 * question, as plain form posts (JavaScript off), with the Accept workflow in one batch.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app";
import { apiWithEnv, errorOf, expectJson, mailTo, rows, signInAs, type Staff, uniqueEmail, waitForMail } from "../support/helpers";
import { STALE_PROPOSAL_MESSAGE, type ProposalInput } from "../../../contract/proposal";

const INBOX = "hello@redbrickstudio.co.uk";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let staff: Staff;
let leadId = "";
let clientId = "";
/** The client's address, this test's own: other test files may mail a Jo Carter while this one waits for its count. */
let jo = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  jo = `jo-${crypto.randomUUID().slice(0, 8)}@carterbakes.co.uk`;
  leadId = (
    await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter", company: "Carter Bakes", email: jo, value: 4200 } }), 201)
  ).lead.id;
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201)).client.id;
});

const addProposal = async (body: ProposalInput) => (await expectJson(staff.api.crm.proposals.$post({ json: body }), 201)).proposal;
const proposalOf = async (id: string) => (await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id: id } }), 200)).proposal;
const share = async (p: { id: string }) =>
  new URL((await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: p.id } }), 201)).url).pathname;
/** Makes a proposal and shares it: the proposal, and its client link's path. */
const shared = async (body: ProposalInput) => {
  const p = await addProposal(body);
  return { p, path: await share(p) };
};
/** The bakery website's two lines, £4,200 in all. */
const bakeryLines = [
  { description: "Design", quantity: 1, unit_price: 1800 },
  { description: "Build", quantity: 2, unit_price: 1200 },
];

const open = (path: string, ip = "198.51.100.7") =>
  exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": ip } });
/** A browser's plain form post, as with JavaScript off. */
const post = (path: string, fields: Record<string, string>, { ip = "198.51.100.7", headers = {} as Record<string, string> } = {}) =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip, "User-Agent": CHROME, ...headers },
    body: new URLSearchParams(fields),
  });
const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? "";
const pageOf = async (path: string) => {
  const res = await open(path);
  if (res.status !== 200) console.log("DEBUG", await res.clone().text());
  expect(res.status).toBe(200);
  return res.text();
};
/** The one studio e-mail whose subject says this (other tests' mail may share the inbox). */
async function mailAbout(subject: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = (await mailTo(INBOX)).filter((m) => m.headers.subject?.includes(subject));
    if (found.length || Date.now() > deadline) {
      expect(found, `mail about ${subject}`).toHaveLength(1);
      return found[0];
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
const londonLong = (d = new Date()) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(d);

describe("accepting a shared proposal on its page", () => {
  it("with JavaScript off: records who, when, where from and what; runs the Accept workflow; the page says so", async () => {
    const { p, path } = await shared({ title: "Bakery website", lead_id: leadId, lines: bakeryLines, valid_until: "2099-12-31" });
    const html = await pageOf(path);
    expect(html).toContain(`<form method="post" action="${path}/accept"`);
    expect(html).toContain("I accept this proposal and its terms");
    const version = versionIn(html);
    expect(version).toMatch(/^[0-9a-f]{64}$/);

    const res = await post(`${path}/accept`, { full_name: "  Jo Carter\u200b ", agree: "yes", version });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${path}#answer`);

    const after = await pageOf(path);
    expect(after).toContain(`Accepted by Jo Carter on ${londonLong()}.`);
    expect(after).not.toContain(`action="${path}/accept"`);

    // The acceptance: name, time, a keyed hash of the address, the browser, the content's hash and a copy.
    const [response] = await rows<Record<string, string>>("SELECT * FROM proposal_responses");
    expect(response).toMatchObject({
      kind: "accepted",
      full_name: "Jo Carter",
      content_hash: version,
      browser: CHROME,
      email_status: "sent",
    });
    expect(response.ip_hash).toMatch(/^[0-9a-f]{32,}$/);
    expect(response.ip_hash).not.toContain("198.51.100.7");
    expect(JSON.parse(response.snapshot)).toMatchObject({ title: "Bakery website", value: 4200, preparedFor: "Jo Carter" });

    // The workflow, in the same write: Accepted, lead Won and converted, a project started.
    const accepted = await proposalOf(p.id);
    expect(accepted).toMatchObject({ status: "Accepted", response: { kind: "accepted", full_name: "Jo Carter", reason: null } });
    const [lead] = await rows<{ status: string; converted_to_client_id: string }>(
      "SELECT status, converted_to_client_id FROM leads WHERE id = ?",
      leadId,
    );
    expect(lead.status).toBe("Won");
    const [client] = await rows<{ name: string; emails: string }>(
      "SELECT name, emails FROM clients WHERE id = ?",
      lead.converted_to_client_id,
    );
    expect(client).toEqual({ name: "Carter Bakes", emails: JSON.stringify([jo]) });
    expect(await rows("SELECT title, stage, status, budget, client_id, lead_id FROM projects")).toEqual([
      {
        title: "Carter Bakes Project",
        stage: "Discovery",
        status: "On Track",
        budget: 4200,
        client_id: lead.converted_to_client_id,
        lead_id: leadId,
      },
    ]);
    // The acceptance appears once on the lead's timeline, credited to the client, as a status change.
    const entry =
      'Jo Carter accepted the proposal "Bakery website" online: marked Won, converted to client Carter Bakes, project started in Discovery';
    const timeline = await expectJson(staff.api.crm.leads[":id"].activities.$get({ param: { id: leadId } }), 200);
    // Beside it, the deposit's invoice raised with the acceptance and e-mailed to them (docs/decisions/0063).
    expect([...timeline.activities.map((a) => a.description), ...timeline.logged.map((a) => a.summary)]).toEqual([
      `E-mailed the invoice INV-1001 (£2,100.00) to ${jo}`,
      entry,
    ]);
    expect(timeline.logged[1]).toMatchObject({ who_name: "Jo Carter", who_kind: "client", type: "StatusChange" });
    expect(await rows("SELECT who_name, related_type, related_id FROM activities WHERE type <> 'Email'")).toEqual([
      { who_name: "Jo Carter", related_type: "lead", related_id: leadId },
    ]);
    expect(await rows("SELECT action, actor_id, detail FROM audit_events WHERE action = 'proposal_accepted'")).toEqual([
      { action: "proposal_accepted", actor_id: null, detail: 'Jo Carter accepted the proposal "Bakery website"' },
    ]);
    const mail = await mailAbout('Jo Carter accepted the proposal "Bakery website"');
    expect(mail.text).toContain("£4,200.00");
    expect(mail.text).toContain("A project has been started in Discovery.");

    // A second click (or a reload of the post) changes nothing more.
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version })).status).toBe(303);
    expect(await rows("SELECT count(*) AS n FROM proposal_responses")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM projects")).toEqual([{ n: 1 }]);
  });

  it("needs a full name and the tick: the page comes back with each message and what was typed, and nothing is stored", async () => {
    const { p, path } = await shared({ title: "Logo", value: 900, lead_id: leadId });
    const version = versionIn(await pageOf(path));
    for (const [fields, messages] of [
      [{ full_name: "", version }, ["Please type your full name", "Please tick the box to accept the proposal"]],
      // Only invisible and control characters: not a name.
      [{ full_name: "\u200f\u202e\u0007 \u200b", agree: "yes", version }, ["Please type your full name"]],
      [{ full_name: "J".repeat(121), agree: "yes", version }, ["Your name must be at most 120 characters"]],
      [{ full_name: "Jo <b>Carter</b>", version }, ["Please tick the box to accept the proposal"]],
    ] as const) {
      const res = await post(`${path}/accept`, fields);
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain("There is a problem");
      for (const m of messages) expect(html).toContain(m);
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain("<b>Carter");
      if (fields.full_name.startsWith("Jo")) expect(html).toContain('value="Jo &lt;b&gt;Carter&lt;/b&gt;"');
    }
    expect(await rows("SELECT count(*) AS n FROM proposal_responses")).toEqual([{ n: 0 }]);
    expect((await proposalOf(p.id)).status).toBe("Sent");
  });

  it("refuses an acceptance of a version edited since the page was read, shows the new one, and accepts that", async () => {
    const { p, path } = await shared({
      title: "Shop build",
      lines: [{ description: "Build", quantity: 1, unit_price: 5000 }],
      lead_id: leadId,
    });
    const old = versionIn(await pageOf(path));
    const current = await proposalOf(p.id);
    await expectJson(
      staff.api.crm.proposals[":id"].$patch({
        param: { id: p.id },
        json: {
          lines: [{ description: "Build", quantity: 1, unit_price: 5500 }],
          updated_at: current.updated_at,
        },
      }),
      200,
    );
    const stale = await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version: old });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain(STALE_PROPOSAL_MESSAGE);
    expect(html).toContain("£5,500.00");
    // What was typed is kept, so accepting the new version is one click.
    expect(html).toContain('value="Jo Carter"');
    expect(await rows("SELECT count(*) AS n FROM proposal_responses")).toEqual([{ n: 0 }]);
    expect((await proposalOf(p.id)).status).toBe("Sent");
    expect(await rows("SELECT status FROM leads WHERE id = ?", leadId)).toEqual([{ status: "New" }]);

    const fresh = versionIn(html);
    expect(fresh).not.toBe(old);
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version: fresh })).status).toBe(303);
    // The accepted version stays what the page and the CRM's preview show, whatever is edited later.
    const accepted = await proposalOf(p.id);
    await expectJson(
      staff.api.crm.proposals[":id"].$patch({ param: { id: p.id }, json: { title: "Renamed later", updated_at: accepted.updated_at } }),
      200,
    );
    expect(await pageOf(path)).toContain("<h1>Shop build</h1>");
    const preview = await staff.api.crm.proposals[":id"].preview.$get({ param: { id: p.id } });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("<h1>Shop build</h1>");
    expect(previewHtml).toContain("£5,500.00");
    expect(previewHtml).toContain(`Accepted by Jo Carter on ${londonLong()}.`);
  });

  it("keeps a lead's existing client and project, and starts a project for a proposal made to a client", async () => {
    // A lead already converted, with its project: both stay as they are.
    await expectJson(staff.api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action: "convert_to_client" } }), 201);
    const lead = (await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200)).lead;
    await expectJson(staff.api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action: "start_project" } }), 201);
    const { path } = await shared({ title: "Phase two", value: 1500, lead_id: leadId });
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version: versionIn(await pageOf(path)) })).status).toBe(
      303,
    );
    expect(await rows("SELECT count(*) AS n FROM clients WHERE id != ?", clientId)).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM projects")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT converted_to_client_id FROM leads WHERE id = ?", leadId)).toEqual([
      { converted_to_client_id: lead.converted_to_client_id },
    ]);

    const forClient = await addProposal({ title: "Acme retainer", value: 800, client_id: clientId });
    const clientPath = await share(forClient);
    expect(
      (await post(`${clientPath}/accept`, { full_name: "Ann Acme", agree: "yes", version: versionIn(await pageOf(clientPath)) })).status,
    ).toBe(303);
    expect(await rows("SELECT title, stage, budget FROM projects WHERE client_id = ?", clientId)).toEqual([
      { title: "Acme Project", stage: "Discovery", budget: 800 },
    ]);
  });

  it("leaves each lead Won at its proposal's total, and the dashboard's won this month rises by exactly what was accepted", async () => {
    const before = await expectJson(staff.api.crm.dashboard.$get(), 200);
    expect(before.tiles.won_this_month).toMatchObject({ value: 0, count: 0 });
    // One lead with no deal value, one with an old one far from what was agreed.
    const unvalued = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Priya Shah" } }), 201)).lead.id;
    const acceptOnline = async (title: string, unitPrice: number, lead: string) => {
      const path = await share(
        await addProposal({ title, lead_id: lead, lines: [{ description: title, quantity: 1, unit_price: unitPrice }] }),
      );
      const res = await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version: versionIn(await pageOf(path)) });
      expect(res.status).toBe(303);
    };
    await expectJson(
      staff.api.crm.leads[":id"].$patch({
        param: { id: leadId },
        json: {
          value: 17950,
          updated_at: (await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200)).lead.updated_at,
        },
      }),
      200,
    );
    await acceptOnline("Salon website", 4885, unvalued);
    await acceptOnline("Bakery shop", 4800, leadId);
    expect(await rows("SELECT name, status, value FROM leads ORDER BY name")).toEqual([
      { name: "Jo Carter", status: "Won", value: 4800 },
      { name: "Priya Shah", status: "Won", value: 4885 },
    ]);
    const after = await expectJson(staff.api.crm.dashboard.$get(), 200);
    expect(after.tiles.won_this_month).toMatchObject({ value: 9685, count: 2 });
    const board = await expectJson(staff.api.crm.leads.board.$get({ query: {} }), 200);
    const won = board.columns.find((c) => c.status === "Won")!;
    expect(won.value).toBe(9685);
    expect(won.leads.reduce((n, l) => n + (l.value ?? 0), 0)).toBe(9685);

    // A second proposal accepted online for a lead already Won: worth both.
    await acceptOnline("Bakery hosting", 420.5, leadId);
    expect(await rows("SELECT value FROM leads WHERE id = ?", leadId)).toEqual([{ value: 5220.5 }]);
  });

  it("commits the acceptance and its workflow together or not at all", async () => {
    const { p, path } = await shared({ title: "Bakery website", value: 4350, lead_id: leadId });
    const version = versionIn(await pageOf(path));
    // The project's insert fails inside the batch: nothing before it may survive.
    await env.DB.exec("CREATE TRIGGER test_no_projects BEFORE INSERT ON projects BEGIN SELECT RAISE(ABORT, 'no projects today'); END");
    try {
      const res = await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version });
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("Something went wrong and nothing was saved. Please try again.");
    } finally {
      await env.DB.exec("DROP TRIGGER test_no_projects");
    }
    expect(await rows("SELECT count(*) AS n FROM proposal_responses")).toEqual([{ n: 0 }]);
    expect((await proposalOf(p.id)).status).toBe("Sent");
    expect(await rows("SELECT status, value, converted_to_client_id FROM leads WHERE id = ?", leadId)).toEqual([
      { status: "New", value: 4200, converted_to_client_id: null },
    ]);
    expect(await rows("SELECT count(*) AS n FROM clients")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM activities")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM audit_events WHERE action = 'proposal_accepted'")).toEqual([{ n: 0 }]);
    // And it works once the fault is gone.
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version })).status).toBe(303);
    expect((await proposalOf(p.id)).status).toBe("Accepted");
    expect(await rows("SELECT status, value FROM leads WHERE id = ?", leadId)).toEqual([{ status: "Won", value: 4350 }]);
  });
});

describe("declining and asking on a shared proposal", () => {
  it("declines with a reason kept for the studio; the proposal is Rejected and can no longer be accepted", async () => {
    const { p, path } = await shared({ title: "Gym rebrand", value: 3000, lead_id: leadId });
    const version = versionIn(await pageOf(path));
    const res = await post(`${path}/decline`, { full_name: "Jo Carter", reason: "We have chosen\nanother studio.", version });
    expect(res.status).toBe(303);
    expect(await proposalOf(p.id)).toMatchObject({
      status: "Rejected",
      response: { kind: "declined", full_name: "Jo Carter", reason: "We have chosen\nanother studio." },
    });
    const html = await pageOf(path);
    expect(html).toContain(`Declined by Jo Carter on ${londonLong()}.`);
    expect(html).not.toContain(`action="${path}/accept"`);
    // The lead is not moved: losing it is the studio's call.
    expect(await rows("SELECT status FROM leads WHERE id = ?", leadId)).toEqual([{ status: "New" }]);
    const mail = await mailAbout('Jo Carter declined the proposal "Gym rebrand"');
    expect(mail.text).toContain("We have chosen");
    expect(await rows("SELECT action FROM audit_events WHERE action = 'proposal_declined'")).toHaveLength(1);

    const late = await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This proposal has already been answered.");
    expect((await proposalOf(p.id)).status).toBe("Rejected");
  });

  it("a question reaches the studio (feed, e-mail, CRM); the studio's reply shows on the page; questions are limited", async () => {
    const { p, path } = await shared({ title: "Bakery website", value: 4200, lead_id: leadId });
    const res = await post(`${path}/questions`, { author_name: "Jo Carter", body: "Can we start in March?\n\nThanks" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${path}?sent=question#questions`);
    const thanked = await (await open(`${path}?sent=question`)).text();
    expect(thanked).toContain("Your question has been sent");
    expect(thanked).toContain("<p>Can we start in March?</p><p>Thanks</p>");
    const mail = await mailAbout('Question about "Bakery website" from Jo Carter');
    expect(mail.text).toContain("Can we start in March?");
    // A question, credited to the client, not a status change.
    expect(await rows("SELECT who_name, who_kind, type, related_id FROM activities")).toEqual([
      { who_name: "Jo Carter", who_kind: "client", type: "Question", related_id: leadId },
    ]);
    expect((await proposalOf(p.id)).questions).toBe(1);

    const { message } = await expectJson(
      staff.api.crm.proposals[":id"].messages.$post({ param: { id: p.id }, json: { body: "Yes, the 2nd works for us." } }),
      201,
    );
    expect(message).toMatchObject({ author: "studio", author_name: "Marcus Reid" });
    // The answer sits beside the question, credited to whoever gave it.
    expect(await rows("SELECT who_username, who_kind, type, summary FROM activities WHERE type = 'Answer'")).toEqual([
      {
        who_username: staff.id,
        who_kind: "staff",
        type: "Answer",
        summary: 'Marcus Reid answered about the proposal "Bakery website": Yes, the 2nd works for us.',
      },
    ]);
    const { messages } = await expectJson(staff.api.crm.proposals[":id"].messages.$get({ param: { id: p.id } }), 200);
    expect(messages.map((m) => m.author)).toEqual(["client", "studio"]);
    expect(await pageOf(path)).toContain("Yes, the 2nd works for us.");
    const blank = await errorOf(staff.api.crm.proposals[":id"].messages.$post({ param: { id: p.id }, json: { body: " \u200b " } }), 422);
    expect(blank.fields?.body).toBe("Reply is required");

    // A question needs a name and some words.
    const bad = await post(`${path}/questions`, { author_name: "", body: "" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Please type your full name");
    expect(badHtml).toContain("Please write your question");

    // Ten an hour from one network to one link; another network is unaffected.
    for (let i = 0; i < 9; i++) expect((await post(`${path}/questions`, { author_name: "Jo", body: `Q${i}` })).status).toBe(303);
    const limited = await post(`${path}/questions`, { author_name: "Jo", body: "One more" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    expect(await limited.text()).toContain("Please wait");
    expect((await post(`${path}/questions`, { author_name: "Jo", body: "From home" }, { ip: "203.0.113.9" })).status).toBe(303);
    expect(await rows("SELECT count(*) AS n FROM proposal_messages WHERE author = 'client'")).toEqual([{ n: 11 }]);
  });

  it("refuses a post from another site but not the page's own (origin null), and an unknown link answers 404", async () => {
    const { p, path } = await shared({ title: "Logo", value: 900, lead_id: leadId });
    const version = versionIn(await pageOf(path));
    const cross = await post(
      `${path}/accept`,
      { full_name: "Mallory", agree: "yes", version },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(cross.status).toBe(403);
    const fetched = await post(
      `${path}/accept`,
      { full_name: "Mallory", agree: "yes", version },
      { headers: { "Sec-Fetch-Site": "cross-site" } },
    );
    expect(fetched.status).toBe(403);
    expect((await post(`/p/${"B".repeat(43)}/accept`, { full_name: "Mallory", agree: "yes", version })).status).toBe(404);
    expect((await proposalOf(p.id)).status).toBe("Sent");
    // The page's own post: under its no-referrer policy a browser sends it with an opaque origin.
    const own = await post(
      `${path}/accept`,
      { full_name: "Jo Carter", agree: "yes", version },
      { headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" } },
    );
    expect(own.status).toBe(303);
  });

  it("the studio's preview shows the client's page with inert forms, counts no view, and is for signed-in staff only", async () => {
    const { p, path } = await shared({ title: "Draft idea", value: 500, lead_id: leadId, status: "Sent" });
    const res = await staff.api.crm.proposals[":id"].preview.$get({ param: { id: p.id } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("This is the page your client sees");
    expect(html).toContain("<fieldset disabled>");
    expect(html).not.toContain(`action="${path}`);
    expect((await proposalOf(p.id)).share?.views).toBe(0);
    const anonymous = await exports.default.fetch(`http://localhost/api/crm/proposals/${p.id}/preview`);
    expect(anonymous.status).toBe(401);
  });
});

describe("what the client hears back", () => {
  const londonMoment = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(iso));
  /** E-mails the proposal's link to `to`, as Send does: the address the client's mail then goes to. */
  const sendTo = async (p: { id: string }, to: string) =>
    new URL(
      (
        await expectJson(
          staff.api.crm.proposals[":id"].send.$post({ param: { id: p.id }, json: { to, message: null, confirm_recipient: true } }),
          201,
        )
      ).url,
    ).pathname;
  const reply = (p: { id: string }, body: string) =>
    expectJson(staff.api.crm.proposals[":id"].messages.$post({ param: { id: p.id }, json: { body } }), 201);

  it("the studio's answer is e-mailed to the address the proposal was sent to, by first name, with the question and the link", async () => {
    const p = await addProposal({ title: "Bakery website", value: 4200, lead_id: leadId });
    const to = uniqueEmail("jo-sent");
    const path = await sendTo(p, to);
    expect((await post(`${path}/questions`, { author_name: "Jo Carter", body: "Can we start in March?" })).status).toBe(303);
    // The page promises the e-mail as well as the answer on the page.
    expect(await (await open(`${path}?sent=question`)).text()).toContain("our answer will appear here, and we will e-mail it to you too");

    const { message } = await reply(p, "Yes, the 2nd works for us.");
    expect(message).toMatchObject({ author: "studio", author_name: "Marcus Reid", email_status: "sent", email_error: null });
    const answer = (await waitForMail(to, 2)).find((m) => m.headers.subject === 'Your question about "Bakery website"')!;
    expect(answer.headers["reply-to"]).toBe(INBOX);
    expect(answer.text).toMatch(
      /^Hello Jo,\n\nMarcus Reid of Redbrick Studio has answered your question about the proposal "Bakery website"\./,
    );
    expect(answer.text).toContain("You asked:\nCan we start in March?\n\nOur answer:\nYes, the 2nd works for us.\n");
    expect(answer.text).toContain(`http://localhost${path}\n`);
    // The link in the mail is theirs: it opens the page, with the answer on it.
    expect(await pageOf(path)).toContain("Yes, the 2nd works for us.");
    // Nothing but the token's hash is stored: no copy of the link in the database.
    const [link] = await rows<{ token_hash: string }>("SELECT token_hash FROM proposal_links WHERE proposal_id = ?", p.id);
    expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await rows("SELECT * FROM proposal_links"))).not.toContain(path.slice(3));
  });

  it("a failed answer e-mail is kept, listed in the CRM with why, and sent again; with no address it says so", async () => {
    const { p, path } = await shared({ title: "Bakery website", value: 4200, lead_id: leadId });
    await post(`${path}/questions`, { author_name: "Jo Carter", body: "Is hosting included?" });
    const refused = await expectJson(
      apiWithEnv({ EMAIL: env.VERIFIED_ONLY_EMAIL }, { cookie: staff.cookie }).crm.proposals[":id"].messages.$post({
        param: { id: p.id },
        json: { body: "No, it is extra." },
      }),
      201,
    );
    expect(refused.message).toMatchObject({ email_status: "failed" });
    expect(refused.message.email_error).toContain(`Cloudflare wouldn't send to ${jo}`);
    // Nothing is lost: the answer is on the page, and the CRM lists the mail as failed.
    expect(await pageOf(path)).toContain("No, it is extra.");
    const listed = await expectJson(staff.api.crm.proposals[":id"].messages.$get({ param: { id: p.id } }), 200);
    expect(listed.messages.map((m) => [m.author, m.email_status])).toEqual([
      ["client", "sent"],
      ["studio", "failed"],
    ]);

    // A resend that fails again is 502 with why, and stays marked for another try.
    const retry = (api = staff.api) =>
      api.crm.proposals[":id"].messages[":messageId"]["retry-email"].$post({ param: { id: p.id, messageId: refused.message.id } });
    const failedAgain = await errorOf(retry(apiWithEnv({ EMAIL: env.VERIFIED_ONLY_EMAIL }, { cookie: staff.cookie })), 502);
    expect(failedAgain.code).toBe("upstream_failed");
    expect(failedAgain.message).toContain(`The e-mail to the client could not be sent. Cloudflare wouldn't send to ${jo}`);
    const again = await expectJson(retry(), 200);
    expect(again.message).toMatchObject({ email_status: "sent", email_error: null });
    const [mail] = await waitForMail(jo);
    expect(mail.text).toContain("No, it is extra.");
    expect(await rows("SELECT email_attempts FROM proposal_messages WHERE id = ?", refused.message.id)).toEqual([{ email_attempts: 3 }]);
    // One that went is not sent twice.
    await expectJson(retry(), 200);
    await waitForMail(jo, 1);

    // A lead with no address anywhere: the reply is stored, and the CRM says why it was not e-mailed.
    const nobody = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Sam Nobody" } }), 201)).lead;
    const q = await addProposal({ title: "Poster", value: 300, lead_id: nobody.id });
    await post(`${await share(q)}/questions`, { author_name: "Sam", body: "Colours?" });
    const { message } = await reply(q, "Any you like.");
    expect(message).toMatchObject({
      email_status: "failed",
      email_error: "The CRM has no e-mail address for this client. Add one to the lead or client, then send it again.",
    });
  });

  it("a link made before links could be rebuilt: the answer points to the earlier e-mail instead", async () => {
    const { p, path } = await shared({ title: "Bakery website", value: 4200, lead_id: leadId });
    await post(`${path}/questions`, { author_name: "Jo Carter", body: "Can we start in March?" });
    // As an older link is stored: the hash of 256 random bits, which nothing can rebuild.
    const random = crypto.getRandomValues(new Uint8Array(32));
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", random))].map((b) => b.toString(16).padStart(2, "0")).join("");
    await env.DB.prepare("UPDATE proposal_links SET token_hash = ? WHERE proposal_id = ?").bind(hash, p.id).run();
    await reply(p, "Yes.");
    const [mail] = await waitForMail(jo);
    expect(mail.text).toContain(
      `Our answer is also on the proposal's page: open it from the link in our earlier e-mail about "Bakery website".`,
    );
    expect(mail.text).not.toContain("/p/");
  });

  it("after accepting, the client is sent a copy of what they accepted, with their link; the studio's mail says so", async () => {
    const p = await addProposal({
      title: "Bakery website",
      lead_id: leadId,
      lines: bakeryLines,
      terms: "Half to start, half on launch.",
    });
    const to = uniqueEmail("jo-accepts");
    const path = await sendTo(p, to);
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version: versionIn(await pageOf(path)) })).status).toBe(
      303,
    );
    const [{ created_at: at }] = await rows<{ created_at: string }>("SELECT created_at FROM proposal_responses");
    const copy = (await waitForMail(to, 2)).find((m) => m.headers.subject === 'Your copy: you accepted "Bakery website"')!;
    expect(copy.text).toMatch(/^Hello Jo,\n\n/);
    for (const part of [
      "Proposal: Bakery website\nPrepared for: Jo Carter\n",
      `Accepted by Jo Carter on ${londonMoment(at)} (London time)\n`,
      "Design: 1 × £1,800.00 = £1,800.00\nBuild: 2 × £1,200.00 = £2,400.00\n\nTotal: £4,200.00\n",
      "Terms:\nHalf to start, half on launch.\n",
      `The accepted version stays on its page, whatever changes later:\nhttp://localhost${path}\n`,
    ])
      expect(copy.text).toContain(part);
    const studio = await mailAbout('Jo Carter accepted the proposal "Bakery website"');
    expect(studio.text).toContain(`A copy was e-mailed to them at ${to}.`);
    // The link goes on showing what was accepted, whatever is edited later.
    const accepted = await proposalOf(p.id);
    await expectJson(
      staff.api.crm.proposals[":id"].$patch({ param: { id: p.id }, json: { title: "Renamed later", updated_at: accepted.updated_at } }),
      200,
    );
    expect(await pageOf(path)).toContain("<h1>Bakery website</h1>");
  });

  it("after declining, the client is sent a short confirmation with their reason; a copy Cloudflare refuses is named in the studio's mail", async () => {
    const { path } = await shared({ title: "Gym rebrand", value: 3000, lead_id: leadId });
    const version = versionIn(await pageOf(path));
    expect((await post(`${path}/decline`, { full_name: "Jo Carter", reason: "We chose another studio.", version })).status).toBe(303);
    const [{ created_at: at }] = await rows<{ created_at: string }>("SELECT created_at FROM proposal_responses");
    const [copy] = await waitForMail(jo);
    expect(copy.headers.subject).toBe('You declined "Gym rebrand"');
    expect(copy.text).toBe(
      [
        "Hello Jo,",
        "",
        `This confirms that Jo Carter declined our proposal "Gym rebrand" on ${londonMoment(at)} (London time).`,
        "",
        "Your reason:",
        "We chose another studio.",
        "",
        "Thank you for considering us. If anything changes, just reply to this e-mail.",
        "",
        "Redbrick Studio",
      ].join("\n"),
    );

    // Through a binding that reaches only the studio: the decline stands, and the studio is told the copy did not go.
    const q = await addProposal({ title: "Gym signage", value: 800, lead_id: leadId });
    const qPath = await share(q);
    const ctx = createExecutionContext();
    const refused = await app.fetch(
      new Request(`http://localhost${qPath}/decline`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.7" },
        body: new URLSearchParams({ full_name: "Jo Carter", version: versionIn(await pageOf(qPath)) }),
      }),
      { ...env, EMAIL: env.VERIFIED_ONLY_EMAIL },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(refused.status).toBe(303);
    const studio = await mailAbout('Jo Carter declined the proposal "Gym signage"');
    expect(studio.text).toContain(`They gave no reason.\n\nTheir copy was not e-mailed. Cloudflare wouldn't send to ${jo}`);
    expect((await proposalOf(q.id)).status).toBe("Rejected");
  });
});

describe("the client's page reads well", () => {
  it("says where it stands in the client's words, with the total and the answers at the top, and each line's quantity × price", async () => {
    const { path } = await shared({ title: "Bakery website", lead_id: leadId, lines: bakeryLines, valid_until: "2099-12-31" });
    const html = await pageOf(path);
    const top = html.slice(0, html.indexOf('<section class="summary"') + 1200);
    expect(top).toContain('<p class="status waiting">Waiting for your answer</p>');
    expect(top).toContain('<p class="total">Total <strong>£4,200.00</strong></p>');
    expect(top).toContain('<p class="note">Valid until 31 Dec 2099</p>');
    // The answers, reachable from the top by plain links (no script): Decline opens its form by reloading.
    expect(top).toContain(
      `<nav class="actions" aria-label="Answer this proposal"><a class="button primary" href="#answer">Accept</a><a class="button" href="${path}?answer=decline#decline">Decline</a><a class="button" href="#questions">Ask a question</a></nav>`,
    );
    expect(html.indexOf('class="summary"')).toBeLessThan(html.indexOf("<h2>Price</h2>"));
    expect(html).toContain('<tr><td>Build<span class="each">2 × £1,200.00</span></td><td class="num">£2,400.00</td></tr>');
    expect(html).toContain('<details id="decline"><summary>');
    expect(await pageOf(`${path}?answer=decline`)).toContain('<details id="decline" open><summary>');

    const version = versionIn(html);
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version })).status).toBe(303);
    const [{ created_at: at }] = await rows<{ created_at: string }>("SELECT created_at FROM proposal_responses");
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric" }).format(
      new Date(at),
    );
    const accepted = await pageOf(path);
    expect(accepted).toContain(`<p class="status done">Accepted on ${day}</p>`);
    expect(accepted).not.toContain('href="#answer">Accept</a>');
    expect(accepted).toContain('<a class="button" href="#questions">Ask a question</a>');
  });

  it("a declined proposal says so with the day; one past its date reads Expired in the studio's preview", async () => {
    const { path } = await shared({ title: "Gym rebrand", value: 3000, lead_id: leadId });
    await post(`${path}/decline`, { full_name: "Jo Carter", version: versionIn(await pageOf(path)) });
    expect(await pageOf(path)).toMatch(/<p class="status ended">Declined on \d{1,2} \w{3} \d{4}<\/p>/);

    const old = await addProposal({ title: "Old idea", value: 500, lead_id: leadId, status: "Sent", valid_until: "2020-01-31" });
    const preview = await (await staff.api.crm.proposals[":id"].preview.$get({ param: { id: old.id } })).text();
    expect(preview).toContain('<p class="status ended">Expired</p>');
    expect(preview).not.toContain('href="#answer">Accept</a>');
  });
});

describe("counting the client's views", () => {
  const viewsOf = async (id: string) => (await proposalOf(id)).share!;
  /** The visits so far began over half an hour ago. */
  const halfAnHourPasses = () =>
    rows("UPDATE rate_limit_events SET created_at = ? WHERE bucket = 'link-visit'", new Date(Date.now() - 31 * 60_000).toISOString());
  const follow = (res: Response, ip: string) => open(res.headers.get("Location")!.replace(/#.*$/, ""), ip);

  it("counts a client's GET once per address per half hour; not a HEAD, a colleague's look, an answer or the page it redirects to", async () => {
    const { p, path } = await shared({ title: "Bakery website", value: 4200, lead_id: leadId });
    // The client opens the page three times: one visit.
    for (let i = 0; i < 3; i++) expect((await open(path, "198.51.100.30")).status).toBe(200);
    const first = await viewsOf(p.id);
    expect(first).toMatchObject({ views: 1, last_viewed_at: first.first_viewed_at });
    expect(first.first_viewed_at).not.toBeNull();
    // A link checker's HEAD, and a member of staff looking at what the client sees.
    const head = await exports.default.fetch(`http://localhost${path}`, {
      method: "HEAD",
      headers: { "CF-Connecting-IP": "198.51.100.31" },
    });
    expect(head.status).toBe(200);
    const colleague = await exports.default.fetch(`http://localhost${path}`, {
      headers: { "CF-Connecting-IP": "198.51.100.32", Cookie: staff.cookie },
    });
    expect(colleague.status).toBe(200);
    expect((await viewsOf(p.id)).views).toBe(1);
    // Another address is another visit; so is the same one half an hour on.
    await open(path, "198.51.100.33");
    expect((await viewsOf(p.id)).views).toBe(2);
    await halfAnHourPasses();
    await new Promise((r) => setTimeout(r, 5));
    await open(path, "198.51.100.30");
    const later = await viewsOf(p.id);
    expect(later).toMatchObject({ views: 3, first_viewed_at: first.first_viewed_at });
    expect(later.last_viewed_at! > first.first_viewed_at!).toBe(true);

    // The client, on the page for over half an hour, asks a question: the post and its redirect are not views.
    await halfAnHourPasses();
    const asked = await post(`${path}/questions`, { author_name: "Jo Carter", body: "Can we start in March?" }, { ip: "198.51.100.30" });
    expect(asked.status).toBe(303);
    expect(await (await follow(asked, "198.51.100.30")).text()).toContain("Your question has been sent");
    // Nor an acceptance and its redirect, from an address never counted before.
    const version = versionIn(await (await colleagueView(path)).text());
    const accepted = await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version }, { ip: "198.51.100.34" });
    expect(accepted.status).toBe(303);
    expect((await follow(accepted, "198.51.100.34")).status).toBe(200);
    expect((await viewsOf(p.id)).views).toBe(3);
  });

  /** The page as a signed-in colleague sees it (counted as no view). */
  const colleagueView = (path: string) =>
    exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "198.51.100.35", Cookie: staff.cookie } });
});
