/**
 * The client's answers on a shared proposal's page (issue 23 §2): accept, decline and ask a
 * question, as plain form posts (JavaScript off), with the Accept workflow in one batch.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { expectJson, mailTo, rows, signInAs, type Staff } from "./helpers";
import { STALE_PROPOSAL_MESSAGE, type Proposal, type ProposalMessage } from "../../contract/proposal";

const INBOX = "hello@redbrickstudio.co.uk";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let staff: Staff;
let leadId = "";
let clientId = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  leadId = (
    await expectJson<{ lead: { id: string } }>(
      staff.call("POST", "/api/crm/leads", { name: "Jo Carter", company: "Carter Bakes", email: "jo@carterbakes.co.uk", value: 4200 }),
      201,
    )
  ).lead.id;
  clientId = (await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "Acme" }), 201)).client.id;
});

const addProposal = async (body: Record<string, unknown>) =>
  (await expectJson<{ proposal: Proposal }>(staff.call("POST", "/api/crm/proposals", body), 201)).proposal;
const proposalOf = async (id: string) =>
  (await expectJson<{ proposal: Proposal }>(staff.call("GET", `/api/crm/proposals/${id}`), 200)).proposal;
const share = async (p: { id: string }) =>
  new URL((await expectJson<{ url: string }>(staff.call("POST", `/api/crm/proposals/${p.id}/share`), 201)).url).pathname;

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
    const p = await addProposal({
      title: "Bakery website",
      lead_id: leadId,
      lines: [
        { description: "Design", quantity: 1, unit_price: 1800 },
        { description: "Build", quantity: 2, unit_price: 1200 },
      ],
      valid_until: "2099-12-31",
    });
    const path = await share(p);
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
    expect(client).toEqual({ name: "Carter Bakes", emails: '["jo@carterbakes.co.uk"]' });
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
    const timeline = await expectJson<{
      activities: { description: string }[];
      logged: { summary: string; who_name: string; who_kind: string; type: string }[];
    }>(staff.call("GET", `/api/crm/leads/${leadId}/activities`), 200);
    expect([...timeline.activities.map((a) => a.description), ...timeline.logged.map((a) => a.summary)]).toEqual([entry]);
    expect(timeline.logged[0]).toMatchObject({ who_name: "Jo Carter", who_kind: "client", type: "StatusChange" });
    expect(await rows("SELECT who_name, related_type, related_id FROM activities")).toEqual([
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
    const p = await addProposal({ title: "Logo", value: 900, lead_id: leadId });
    const path = await share(p);
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
    const p = await addProposal({ title: "Shop build", lines: [{ description: "Build", quantity: 1, unit_price: 5000 }], lead_id: leadId });
    const path = await share(p);
    const old = versionIn(await pageOf(path));
    const current = await proposalOf(p.id);
    await expectJson(
      staff.call("PATCH", `/api/crm/proposals/${p.id}`, {
        lines: [{ description: "Build", quantity: 1, unit_price: 5500 }],
        updated_at: current.updated_at,
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
    await expectJson(staff.call("PATCH", `/api/crm/proposals/${p.id}`, { title: "Renamed later", updated_at: accepted.updated_at }), 200);
    expect(await pageOf(path)).toContain("<h1>Shop build</h1>");
    const preview = await staff.call("GET", `/api/crm/proposals/${p.id}/preview`);
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("<h1>Shop build</h1>");
    expect(previewHtml).toContain("£5,500.00");
    expect(previewHtml).toContain(`Accepted by Jo Carter on ${londonLong()}.`);
  });

  it("keeps a lead's existing client and project, and starts a project for a proposal made to a client", async () => {
    // A lead already converted, with its project: both stay as they are.
    await expectJson(staff.call("POST", `/api/crm/leads/${leadId}/actions`, { action: "convert_to_client" }), 201);
    const lead = (
      await expectJson<{ lead: { updated_at: string; converted_to_client_id: string } }>(staff.call("GET", `/api/crm/leads/${leadId}`), 200)
    ).lead;
    await expectJson(staff.call("POST", `/api/crm/leads/${leadId}/actions`, { action: "start_project" }), 201);
    const p = await addProposal({ title: "Phase two", value: 1500, lead_id: leadId });
    const path = await share(p);
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

  it("commits the acceptance and its workflow together or not at all", async () => {
    const p = await addProposal({ title: "Bakery website", value: 4200, lead_id: leadId });
    const path = await share(p);
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
    expect(await rows("SELECT status, converted_to_client_id FROM leads WHERE id = ?", leadId)).toEqual([
      { status: "New", converted_to_client_id: null },
    ]);
    expect(await rows("SELECT count(*) AS n FROM clients")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM activities")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM audit_events WHERE action = 'proposal_accepted'")).toEqual([{ n: 0 }]);
    // And it works once the fault is gone.
    expect((await post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version })).status).toBe(303);
    expect((await proposalOf(p.id)).status).toBe("Accepted");
  });
});

describe("declining and asking on a shared proposal", () => {
  it("declines with a reason kept for the studio; the proposal is Rejected and can no longer be accepted", async () => {
    const p = await addProposal({ title: "Gym rebrand", value: 3000, lead_id: leadId });
    const path = await share(p);
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
    const p = await addProposal({ title: "Bakery website", value: 4200, lead_id: leadId });
    const path = await share(p);
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

    const { message } = await expectJson<{ message: ProposalMessage }>(
      staff.call("POST", `/api/crm/proposals/${p.id}/messages`, { body: "Yes, the 2nd works for us." }),
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
    const { messages } = await expectJson<{ messages: ProposalMessage[] }>(staff.call("GET", `/api/crm/proposals/${p.id}/messages`), 200);
    expect(messages.map((m) => m.author)).toEqual(["client", "studio"]);
    expect(await pageOf(path)).toContain("Yes, the 2nd works for us.");
    const blank = await expectJson<{ error: { fields: Record<string, string> } }>(
      staff.call("POST", `/api/crm/proposals/${p.id}/messages`, { body: " \u200b " }),
      422,
    );
    expect(blank.error.fields.body).toBe("Reply is required");

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
    const p = await addProposal({ title: "Logo", value: 900, lead_id: leadId });
    const path = await share(p);
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
    const p = await addProposal({ title: "Draft idea", value: 500, lead_id: leadId, status: "Sent" });
    const path = await share(p);
    const res = await staff.call("GET", `/api/crm/proposals/${p.id}/preview`);
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
