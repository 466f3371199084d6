/**
 * Instalments raised by themselves (docs/decisions/0063-instalments-raised-by-themselves.md): an
 * accepted proposal's schedule fixed as records, each raised at most once, on acceptance (online
 * and in the CRM), on launch approval, on completion and on a date, numbered in one gap-free
 * series, shared and e-mailed to the client; a payment request paid raises its VAT invoice.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { apiWithEnv, expectJson, mailTo, rows, runCron, signInAs, type Staff, subjectOf, waitForMail } from "../support/helpers";
import type { ProposalInput } from "../../../contract/proposal";
import type { PaymentSchedule } from "../../../contract/payment-schedule";
import { instalmentText } from "../../../contract/instalment";

let staff: Staff;
let jo = "";
let leadId = "";

/** The studio's details, as Settings saves them: VAT-registered or not. */
async function studio(vat: boolean) {
  const value = JSON.stringify({
    studio_name: "Redbrick Studio",
    address: "1 Mill St\nManchester",
    vat_number: vat ? "GB 123 4567 89" : null,
  });
  await env.DB.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('studio', ?)").bind(value).run();
}

beforeEach(async () => {
  staff = await signInAs("Owner");
  jo = `jo-${crypto.randomUUID().slice(0, 8)}@carterbakes.co.uk`;
  leadId = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter", company: "Carter Bakes", email: jo } }), 201)).lead.id;
  await studio(true);
});

/** £4,200: the bakery website. */
const lines = [
  { description: "Design", quantity: 1, unit_price: 1800 },
  { description: "Build", quantity: 2, unit_price: 1200 },
];

const addProposal = async (body: Partial<ProposalInput> = {}) =>
  (await expectJson(staff.api.crm.proposals.$post({ json: { title: "Bakery website", lead_id: leadId, lines, ...body } }), 201)).proposal;
const share = async (id: string) =>
  new URL((await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id } }), 201)).url).pathname;
const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? "";
const acceptOnline = async (path: string, ip = "198.51.100.7") => {
  const html = await (await exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": ip } })).text();
  return exports.default.fetch(`http://localhost${path}/accept`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
    body: new URLSearchParams({ full_name: "Jo Carter", agree: "yes", version: versionIn(html) }),
  });
};

interface Doc {
  id: string;
  number: string;
  kind: string;
  status: string;
  total: number;
  project_id: string | null;
  settles_id: string | null;
  email_status: string | null;
  lines: string;
}
const documents = () => rows<Doc>("SELECT * FROM invoices ORDER BY number");
const instalmentRows = () =>
  rows<{
    position: number;
    label: string;
    amount: number;
    due: string;
    project_id: string | null;
    invoice_id: string | null;
    raised_at: string | null;
  }>("SELECT position, label, amount, due, project_id, invoice_id, raised_at FROM instalments ORDER BY position");
const patchProject = async (id: string, json: { status?: "Completed"; stage?: "Review" }) => {
  const { project } = await expectJson(staff.api.crm.projects[":id"].$get({ param: { id } }), 200);
  return expectJson(staff.api.crm.projects[":id"].$patch({ param: { id }, json: { ...json, updated_at: project.updated_at } }), 200);
};

describe("on acceptance", () => {
  it("online: the schedule becomes instalments and the deposit a payment request, in the acceptance's write, shared and e-mailed", async () => {
    const p = await addProposal();
    expect((await acceptOnline(await share(p.id))).status).toBe(303);

    const [project] = await rows<{ id: string; client_id: string }>("SELECT id, client_id FROM projects");
    const [proposal] = await rows<{ project_id: string }>("SELECT project_id FROM proposals");
    expect(proposal.project_id).toBe(project.id);
    const fixed = await instalmentRows();
    expect(fixed).toMatchObject([
      { position: 0, label: "Deposit", amount: 2100, due: "on_acceptance", project_id: project.id, raised_at: expect.any(String) },
      { position: 1, label: "Balance", amount: 2100, due: "on_launch_approval", project_id: project.id, raised_at: null },
    ]);
    const [deposit] = await documents();
    expect(deposit).toMatchObject({
      id: fixed[0].invoice_id,
      number: "PR-1001",
      kind: "payment_request",
      status: "Sent",
      total: 2100,
      project_id: project.id,
      email_status: "sent",
    });
    expect(JSON.parse(deposit.lines)).toEqual([{ description: "Deposit: Bakery website", quantity: 1, unit_price: 2100 }]);

    // E-mailed with its link; the link opens the request, which says it is not a VAT invoice.
    const mail = (await waitForMail(jo, 2)).find((m) => m.headers.subject === "Payment request PR-1001");
    expect(mail?.text).toContain("Amount: £2,100.00");
    expect(mail?.text).toContain("This is not a VAT invoice");
    const link = /http:\/\/localhost(\/i\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1];
    const page = await (await exports.default.fetch(`http://localhost${link}`, { headers: { "CF-Connecting-IP": "198.51.100.9" } })).text();
    expect(page).toContain("PR-1001");
    expect(page).toContain("This is not a VAT invoice");

    // The CRM shows it: the proposal's schedule, and the project's.
    const { proposal: shown } = await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id: p.id } }), 200);
    expect(shown.instalments.map((i) => [i.label, i.state, i.document?.number ?? null, i.amount])).toEqual([
      ["Deposit", "requested", "PR-1001", 2100],
      ["Balance", "waiting", null, 2100],
    ]);
    const { instalments } = await expectJson(staff.api.crm.instalments.$get({ query: { project_id: project.id } }), 200);
    expect(instalments.map((i) => i.state)).toEqual(["requested", "waiting"]);
  });

  it("ten acceptances at once raise one deposit", async () => {
    const path = await share((await addProposal()).id);
    const html = await (await exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "198.51.100.7" } })).text();
    const version = versionIn(html);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        exports.default.fetch(`http://localhost${path}/accept`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.100.${20 + n}` },
          body: new URLSearchParams({ full_name: "Jo Carter", agree: "yes", version }),
        }),
      ),
    );
    expect(answers.every((r) => r.status === 303)).toBe(true);
    expect((await documents()).map((d) => d.number)).toEqual(["PR-1001"]);
    expect(await rows("SELECT count(*) AS n FROM instalments")).toEqual([{ n: 2 }]);
    expect((await waitForMail(jo, 2)).filter((m) => m.headers.subject?.startsWith("Payment request"))).toHaveLength(1);
  });

  it("a studio without a VAT number gets an ordinary invoice, numbered in the invoice series", async () => {
    await studio(false);
    await acceptOnline(await share((await addProposal()).id));
    expect((await documents()).map((d) => [d.number, d.kind, d.total])).toEqual([["INV-1001", "invoice", 2100]]);
    const mail = (await waitForMail(jo, 2)).find((m) => m.headers.subject === "Invoice INV-1001");
    expect(mail?.text).not.toContain("not a VAT invoice");
  });

  it("in the CRM: Accept, an edit to status Accepted, and a proposal added as Accepted raise the deposit in the same write", async () => {
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme", emails: [jo] } }), 201);
    const { project } = await expectJson(staff.api.crm.projects.$post({ json: { title: "Acme site", client_id: client.id } }), 201);
    const one = await addProposal({ lead_id: undefined, client_id: client.id, status: "Sent" });
    await expectJson(staff.api.crm.proposals[":id"].accept.$post({ param: { id: one.id }, json: { updated_at: one.updated_at } }), 200);
    const two = await addProposal({ title: "Shop", lead_id: undefined, client_id: client.id, status: "Sent", lines: [lines[0]] });
    await expectJson(
      staff.api.crm.proposals[":id"].$patch({ param: { id: two.id }, json: { status: "Accepted", updated_at: two.updated_at } }),
      200,
    );
    // A yes given by phone, recorded as it is made.
    await addProposal({ title: "Care plan", lead_id: undefined, client_id: client.id, status: "Accepted", lines: [lines[1]] });
    expect((await documents()).map((d) => [d.number, d.total, d.project_id])).toEqual([
      ["PR-1001", 2100, project.id],
      ["PR-1002", 900, project.id],
      ["PR-1003", 1200, project.id],
    ]);
    expect(await rows("SELECT project_id FROM proposals ORDER BY title")).toEqual([
      { project_id: project.id },
      { project_id: project.id },
      { project_id: project.id },
    ]);
    expect((await instalmentRows()).filter((i) => i.raised_at).map((i) => i.amount)).toEqual([2100, 900, 1200]);
    expect((await waitForMail(jo, 3)).map(subjectOf).sort()).toEqual([
      "Payment request PR-1001",
      "Payment request PR-1002",
      "Payment request PR-1003",
    ]);
  });

  it("a raised document deleted leaves its instalment Withdrawn, never raised again by itself", async () => {
    const proposal = await addProposal();
    await acceptOnline(await share(proposal.id));
    const [request] = await documents();
    await expectJson(staff.api.crm.invoices[":id"].$delete({ param: { id: request.id } }), 200);
    const { proposal: after } = await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id: proposal.id } }), 200);
    expect(after.instalments.map((i) => i.state)).toEqual(["withdrawn", "waiting"]);
    expect(instalmentText(after.instalments[0])).toBe("£2,100.00 · Withdrawn");
    await runCron(new Date());
    expect(await documents()).toEqual([]);
  });

  it("when the e-mail fails, the document stands and says why", async () => {
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme", emails: [jo] } }), 201);
    const p = await addProposal({ lead_id: undefined, client_id: client.id, status: "Sent" });
    const broken = {
      EMAIL: {
        send: async () => {
          throw new Error("email to x not allowed");
        },
      },
    } as unknown as Partial<typeof env>;
    await expectJson(
      apiWithEnv(broken, { cookie: staff.cookie }).crm.proposals[":id"].accept.$post({
        param: { id: p.id },
        json: { updated_at: p.updated_at },
      }),
      200,
    );
    const { invoices } = await expectJson(staff.api.crm.invoices.$get(), 200);
    expect(invoices).toMatchObject([{ number: "PR-1001", email_status: "failed", email_error: expect.stringContaining("") }]);
    expect(invoices[0].email_error).toBeTruthy();
    expect(invoices[0].share).not.toBeNull();
  });
});

/** A client with a preview card, a project in Review from an accepted proposal, and the client's unlock cookie. */
async function acceptedAndInReview(schedule?: PaymentSchedule) {
  const path = await share((await addProposal(schedule ? { payment_schedule: schedule } : {})).id);
  await acceptOnline(path);
  const [project] = await rows<{ id: string; client_id: string }>("SELECT id, client_id FROM projects");
  await patchProject(project.id, { stage: "Review" });
  return project;
}

async function approveLaunch(clientId: string) {
  const card = "vm-fitness";
  await expectJson(
    staff.api.crm.clients[":id"].preview.$put({
      param: { id: clientId },
      json: { preview_id: card, previewUrl: "https://staging.example/" },
    }),
    200,
  );
  const { code } = await expectJson(staff.api.crm.clients[":id"].preview.code.$post({ param: { id: clientId } }), 201);
  const visitor = apiWithEnv({}, { ip: "198.51.100.40" });
  const res = await visitor.previews[":clientId"].verify.$post({ param: { clientId: card }, json: { password: code } });
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  const asClient = apiWithEnv({}, { ip: "198.51.100.40", cookie }).previews[":clientId"];
  const { release } = await expectJson(asClient.feedback.$get({ param: { clientId: card } }), 200);
  return expectJson(
    asClient.approvals.$post({ param: { clientId: card }, json: { release_id: release!.id, approver_name: "Jo Carter", confirm: true } }),
    201,
  );
}

describe("on launch approval and completion", () => {
  it("the client's approval raises the final invoice for the rest, with the deposit still unpaid, and e-mails it", async () => {
    const project = await acceptedAndInReview();
    await approveLaunch(project.client_id);
    expect((await documents()).map((d) => [d.number, d.kind, d.status, d.total])).toEqual([
      ["INV-1001", "invoice", "Sent", 2100],
      ["PR-1001", "payment_request", "Sent", 2100],
    ]);
    const mails = await waitForMail(jo, 3);
    expect(mails.map((m) => m.headers.subject)).toContain("Invoice INV-1001");
    // Approving again (a retry) raises nothing more.
    expect(await rows("SELECT count(*) AS n FROM invoices")).toEqual([{ n: 2 }]);
  });

  it("moving the project to Completed raises what falls due on completion, once", async () => {
    const schedule: PaymentSchedule = [
      { label: "Deposit", share_kind: "percent", share: 40, due: "on_acceptance", due_date: null },
      { label: "Sign-off", share_kind: "percent", share: 30, due: "on_launch_approval", due_date: null },
      { label: "Completion", share_kind: "percent", share: 30, due: "on_completion", due_date: null },
    ];
    const project = await acceptedAndInReview(schedule);
    await patchProject(project.id, { status: "Completed" });
    const { project: again } = await expectJson(staff.api.crm.projects[":id"].$get({ param: { id: project.id } }), 200);
    await expectJson(
      staff.api.crm.projects[":id"].$patch({ param: { id: project.id }, json: { notes: "Done", updated_at: again.updated_at } }),
      200,
    );
    expect((await documents()).map((d) => [d.number, d.total])).toEqual([
      ["INV-1001", 1260],
      ["PR-1001", 1680],
    ]);
    expect((await instalmentRows()).map((i) => i.raised_at !== null)).toEqual([true, false, true]);
  });
});

describe("on a date", () => {
  const schedule: PaymentSchedule = [
    { label: "Deposit", share_kind: "percent", share: 50, due: "on_acceptance", due_date: null },
    { label: "Second", share_kind: "percent", share: 25, due: "on_date", due_date: "2030-03-01" },
    { label: "Balance", share_kind: "percent", share: 25, due: "on_launch_approval", due_date: null },
  ];

  it("the daily job raises what is due today or earlier in London, and a retried run raises nothing twice", async () => {
    await acceptOnline(await share((await addProposal({ payment_schedule: schedule })).id));
    await runCron("2030-02-28T23:30:00Z"); // 23:30 on the 28th in London: not yet.
    expect((await documents()).map((d) => d.number)).toEqual(["PR-1001"]);
    await Promise.all([runCron("2030-03-01T00:30:00Z"), runCron("2030-03-01T00:30:00Z")]);
    await runCron("2030-03-02T09:00:00Z");
    expect((await documents()).map((d) => [d.number, d.total])).toEqual([
      ["PR-1001", 2100],
      ["PR-1002", 1050],
    ]);
    // The fourth is PR-1001's payment reminder: the 09:00 run finds it overdue (docs/decisions/0066).
    expect((await waitForMail(jo, 4)).filter((m) => m.headers.subject === "Payment request PR-1002")).toHaveLength(1);
  });
});

describe("numbers", () => {
  it("are gap-free and distinct under concurrent raises, and skip past a number typed by hand", async () => {
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201);
    await studio(false);
    // A number of the series typed by hand is passed over, never clashed with.
    await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: "INV-1001", client_id: client.id, total: 10, date: "2026-11-01", due_date: "2026-11-15" },
      }),
      201,
    );
    expect((await expectJson(staff.api.crm.invoices["next-number"].$get(), 200)).number).toBe("INV-1002");
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, n) => addProposal({ title: `Site ${n}`, lead_id: undefined, client_id: client.id, status: "Sent" })),
    );
    await Promise.all(
      made.map((p) =>
        expectJson(staff.api.crm.proposals[":id"].accept.$post({ param: { id: p.id }, json: { updated_at: p.updated_at } }), 200),
      ),
    );
    const numbers = (await documents()).map((d) => d.number).sort();
    expect(numbers).toEqual(Array.from({ length: 9 }, (_, n) => `INV-${1001 + n}`));
    expect((await expectJson(staff.api.crm.invoices["next-number"].$get(), 200)).number).toBe("INV-1010");
  });
});

describe("a payment request paid", () => {
  it("raises the VAT invoice for it (Paid, the same lines) in the same write, e-mailed once as the receipt", async () => {
    await acceptOnline(await share((await addProposal()).id));
    const [request] = await documents();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const markPaid = async (status: "Paid" | "Sent") => {
      const { invoice } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: request.id } }), 200);
      return expectJson(
        staff.api.crm.invoices[":id"].$patch({
          param: { id: request.id },
          json:
            status === "Paid"
              ? { status, paid_date: today, paid_method: "Bank transfer", updated_at: invoice.updated_at }
              : { status, updated_at: invoice.updated_at },
        }),
        200,
      );
    };
    await markPaid("Paid");
    await markPaid("Sent");
    await markPaid("Paid");
    const docs = await documents();
    expect(docs.map((d) => [d.number, d.kind, d.status, d.total, d.settles_id])).toEqual([
      ["INV-1001", "invoice", "Paid", 2100, request.id],
      ["PR-1001", "payment_request", "Paid", 2100, null],
    ]);
    expect(docs[0].lines).toBe(request.lines);
    const receipts = (await waitForMail(jo, 3)).filter((m) => m.headers.subject === "Receipt: invoice INV-1001");
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Thank you for your payment of £2,100.00");
    const { proposal } = await expectJson(
      staff.api.crm.proposals[":id"].$get({ param: { id: (await rows<{ id: string }>("SELECT id FROM proposals"))[0].id } }),
      200,
    );
    expect(proposal.instalments[0]).toMatchObject({ state: "paid", vat_invoice: { number: "INV-1001" } });
    expect(await mailTo(jo)).toHaveLength(3);
    // The money arrived once: the dashboard counts the request paid, not its VAT invoice again.
    const { cash } = await expectJson(staff.api.crm.dashboard.$get(), 200);
    expect(cash.received_this_month).toMatchObject({ value: 2100, count: 1 });
  });

  it("paid through the payments dialog, sends the client one receipt: the VAT invoice, and tells the studio so", async () => {
    await acceptOnline(await share((await addProposal()).id));
    const [request] = await documents();
    await waitForMail(jo, 2);
    const { invoice } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: request.id } }), 200);
    // The studio inbox of this test's own, so its note is counted here alone.
    const inbox = `studio-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await expectJson(
      apiWithEnv({ STUDIO_INBOX: inbox }, { cookie: staff.cookie }).crm.invoices[":id"].payments.$post({
        param: { id: request.id },
        json: { amount: null, date: "2026-11-20", method: "Bank transfer", reference: null, updated_at: invoice.updated_at },
      }),
      201,
    );
    const [note] = await waitForMail(inbox, 1);
    expect(subjectOf(note)).toBe("Payment received: £2,100.00 for PR-1001");
    expect(note.text).toContain(`Its VAT invoice goes to ${jo} as the receipt.`);
    const mail = await waitForMail(jo, 3);
    expect(mail.map(subjectOf).filter((s) => s.startsWith("Receipt"))).toEqual(["Receipt: invoice INV-1001"]);
    await new Promise((r) => setTimeout(r, 150));
    expect(await mailTo(jo)).toHaveLength(3);
  });

  it("the Xero export leaves payment requests out and takes the VAT invoice raised for them", async () => {
    await acceptOnline(await share((await addProposal()).id));
    const [request] = await documents();
    const { invoice } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: request.id } }), 200);
    await expectJson(
      staff.api.crm.invoices[":id"].$patch({
        param: { id: request.id },
        json: { status: "Paid", paid_date: "2026-11-20", updated_at: invoice.updated_at },
      }),
      200,
    );
    const exported = await expectJson(staff.api.crm.invoices.xero.$get({ query: { from: "2000-01-01", to: "2099-12-31" } }), 200);
    expect(exported.invoices).toBe(1);
    const csv = JSON.stringify(exported.files);
    expect(csv).toContain("INV-1001");
    expect(csv).not.toContain("PR-1001");
  });
});

describe("the last instalment", () => {
  it("takes what is left of the accepted totals after what was already raised, as those documents now stand", async () => {
    const project = await acceptedAndInReview();
    // The studio lowered the deposit request by hand to £1,900: the final invoice asks for the other £2,300.
    const [request] = await documents();
    const { invoice } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: request.id } }), 200);
    await expectJson(
      staff.api.crm.invoices[":id"].$patch({ param: { id: request.id }, json: { total: 1900, updated_at: invoice.updated_at } }),
      200,
    );
    await approveLaunch(project.client_id);
    expect((await documents()).map((d) => [d.number, d.total])).toEqual([
      ["INV-1001", 2300],
      ["PR-1001", 1900],
    ]);
  });
});
