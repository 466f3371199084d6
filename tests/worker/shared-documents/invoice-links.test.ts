/**
 * Invoices online: Share gives the client a link to the invoice's own page,
 * /i/<token>, of which only the hash is kept; the page shows the invoice with its status, the
 * studio's bank details and the reference to quote, counts the client's views, and ends with a
 * revoke, a new link or the invoice's deletion. Unknown tokens share /p's limit per network.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { errorOf, expectJson, rows, saveStudioDetails, signInAs, type Staff, visitorApi } from "../support/helpers";
import type { InvoiceInput } from "../../../contract/invoice";

let staff: Staff;
let clientId = "";
let projectId = "";

const addInvoice = async (over: Partial<InvoiceInput> = {}) =>
  (
    await expectJson(
      staff.api.crm.invoices.$post({
        json: {
          number: "INV-202611-042",
          client_id: clientId,
          lines: [{ description: "Website build", quantity: 2, unit_price: 1200.5 }],
          date: "2026-11-01",
          due_date: "2099-12-31",
          ...over,
        },
      }),
      201,
    )
  ).invoice;
const share = (inv: { id: string }, who = staff) => who.api.crm.invoices[":id"].share.$post({ param: { id: inv.id } });
const revoke = (inv: { id: string }, who = staff) => who.api.crm.invoices[":id"].share.$delete({ param: { id: inv.id } });
const getInvoice = async (inv: { id: string }) =>
  (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: inv.id } }), 200)).invoice;

/** The client's browser: no session unless given, its own address. */
const open = (url: string, ip = "198.51.100.7", cookie?: string) =>
  exports.default.fetch(`http://localhost${new URL(url).pathname}`, {
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });

/** The Owner fills in Studio Details: a VAT number, the bank account and the invoice notes. */
async function studioDetails() {
  await saveStudioDetails(await signInAs("Owner"), {
    address: "Unit 4, Ancoats Works\nManchester\nM4 6DE",
    bank_name: "Northern Bank",
    bank_account_name: "Redbrick Studio Ltd",
    bank_sort_code: "12-34-56",
    bank_account_number: "12345678",
    invoice_notes: "Thank you for your business.\n\n- Late payments may incur interest",
  });
}

beforeEach(async () => {
  staff = await signInAs("Sales");
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201)).client.id;
  projectId = (await expectJson(staff.api.crm.projects.$post({ json: { title: "Acme site", client_id: clientId } }), 201)).project.id;
});

describe("sharing an invoice", () => {
  it("makes a link of 256 random bits, keeps only its hash, sends the Draft, and says so in the audit trail", async () => {
    const draft = await addInvoice();
    expect(draft).toMatchObject({ status: "Draft", share: null });
    const { url, invoice } = await expectJson(share(draft), 201);
    const token = new URL(url).pathname.replace(/^\/i\//, "");
    expect(url).toBe(`http://localhost/i/${token}`);
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invoice).toMatchObject({ id: draft.id, status: "Sent", share: { views: 0, first_viewed_at: null, last_viewed_at: null } });
    expect(invoice.share!.shared_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(invoice.updated_at > draft.updated_at).toBe(true);
    const stored = await rows<{ token_hash: string; created_by: string }>("SELECT token_hash, created_by FROM invoice_links");
    expect(stored).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), created_by: staff.id }]);
    expect(JSON.stringify(await rows("SELECT * FROM invoice_links"))).not.toContain(token);
    expect(await rows("SELECT action, actor_id, detail FROM audit_events WHERE action = 'invoice_shared'")).toEqual([
      { action: "invoice_shared", actor_id: staff.id, detail: "Shared the invoice INV-202611-042" },
    ]);
    // Every invoice answer carries its share, the list's too.
    const { invoices } = await expectJson(staff.api.crm.invoices.$get(), 200);
    expect(invoices.find((i) => i.id === draft.id)?.share).toEqual(invoice.share);
  });

  it("sharing again revokes the earlier link, leaving one live; Revoke ends it and the invoice stays as it was", async () => {
    const paid = await addInvoice({ status: "Paid", paid_date: "2026-11-20" });
    const first = await expectJson(share(paid), 201);
    const second = await expectJson(share(paid), 201);
    expect(second.url).not.toBe(first.url);
    // Only a Draft is sent: a Paid invoice's link is the client's receipt.
    expect(second.invoice).toMatchObject({ status: "Paid", paid_date: "2026-11-20", updated_at: paid.updated_at });
    expect(await rows("SELECT count(*) AS live FROM invoice_links WHERE revoked_at IS NULL")).toEqual([{ live: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM invoice_links")).toEqual([{ n: 2 }]);
    expect((await open(first.url)).status).toBe(410);
    expect((await open(second.url)).status).toBe(200);

    const { invoice } = await expectJson(revoke(paid), 200);
    expect(invoice).toMatchObject({ status: "Paid", share: null });
    expect(await rows("SELECT count(*) AS live FROM invoice_links WHERE revoked_at IS NULL")).toEqual([{ live: 0 }]);
    expect(await rows("SELECT action, detail FROM audit_events WHERE action = 'invoice_link_revoked'")).toEqual([
      { action: "invoice_link_revoked", detail: "Revoked the link to the invoice INV-202611-042" },
    ]);
    expect((await open(second.url)).status).toBe(410);
    // Nothing left to revoke.
    expect((await errorOf(revoke(paid), 404)).code).toBe("not_found");
  });

  it("answers 404 for an invoice that does not exist, and deleting an invoice ends its link", async () => {
    expect((await errorOf(share({ id: "nope" }), 404)).code).toBe("not_found");
    expect((await errorOf(revoke({ id: "nope" }), 404)).code).toBe("not_found");
    const inv = await addInvoice();
    const { url } = await expectJson(share(inv), 201);
    await expectJson(staff.api.crm.invoices[":id"].$delete({ param: { id: inv.id } }), 200);
    expect(await rows("SELECT id FROM invoice_links")).toEqual([]);
    expect((await open(url)).status).toBe(404);
  });

  it("needs a session, and is open to Sales and Owners alike, as invoices are", async () => {
    const inv = await addInvoice();
    expect((await errorOf(visitorApi.crm.invoices[":id"].share.$post({ param: { id: inv.id } }), 401)).code).toBe("unauthenticated");
    expect((await errorOf(visitorApi.crm.invoices[":id"].share.$delete({ param: { id: inv.id } }), 401)).code).toBe("unauthenticated");
    expect(await rows("SELECT id FROM invoice_links")).toEqual([]);
    // `staff` is Sales; an Owner may share too, and revoke a colleague's link.
    await expectJson(share(inv), 201);
    const owner = await signInAs("Owner");
    await expectJson(share(inv, owner), 201);
    await expectJson(revoke(inv, owner), 200);
    expect((await getInvoice(inv)).share).toBeNull();
  });
});

describe("the client's page of a shared invoice", () => {
  it("shows the invoice with its status, VAT lines, bank details and reference; server-written with no script, escaped, never indexed", async () => {
    await studioDetails();
    const hostile = (await expectJson(staff.api.crm.clients.$post({ json: { name: "<script>alert(1)</script> & Co" } }), 201)).client.id;
    const hostileProject = (
      await expectJson(staff.api.crm.projects.$post({ json: { title: 'Shop <img src=x onerror="alert(2)">', client_id: hostile } }), 201)
    ).project.id;
    const inv = await addInvoice({
      client_id: hostile,
      project_id: hostileProject,
      lines: [
        { description: "Design <b>and</b> build", quantity: 2, unit_price: 1200.5 },
        { description: "Hosting", quantity: 1, unit_price: 99.5 },
      ],
    });
    const { url } = await expectJson(share(inv), 201);
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("<img");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<title>Invoice INV-202611-042 – Redbrick Studio</title>");
    // The studio's header: name, VAT number, address.
    expect(html).toContain("VAT No. GB 123 4567 89");
    expect(html).toContain("Unit 4, Ancoats Works\nManchester\nM4 6DE");
    expect(html).toContain('<h1>Invoice <span class="number">INV-202611-042</span></h1>');
    // The number is never broken across lines, on a phone either.
    expect(html).toMatch(/\.number\{[^}]*white-space:nowrap/);
    // Shared from Draft: Sent, due in the future. At the top, in the client's words: when it is due, the total, how to pay.
    expect(html).toContain('<p class="status waiting">Due 31 Dec 2099</p>');
    expect(html).toContain('<p class="total">Total <strong>£2,500.50</strong> <span class="note">including VAT</span></p>');
    expect(html).toContain('<a class="button primary" href="#pay-heading">How to pay</a>');
    expect(html.indexOf("Due 31 Dec 2099")).toBeLessThan(html.indexOf("Bill to"));
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
    expect(html).toContain("Project: Shop &lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    // Each line says how it is worked out, and its amount.
    expect(html).toContain(
      '<tr><td>Design &lt;b&gt;and&lt;/b&gt; build<span class="each">2 × £1,200.50</span></td><td class="num">£2,401.00</td></tr>',
    );
    expect(html).toContain('<td>Hosting<span class="each">1 × £99.50</span></td>');
    expect(html).toContain("<dt>Invoice date</dt><dd>1 November 2026</dd>");
    expect(html).toContain("<dt>Due date</dt><dd>31 December 2099</dd>");
    // £2,500.50 including VAT at 20%: £416.75 of it.
    const sum = (label: string, amount: string) => `<td>${label}</td><td class="num">${amount}</td>`;
    expect(html).toContain(sum("Net (excl. VAT)", "£2,083.75"));
    expect(html).toContain(sum("VAT at 20%", "£416.75"));
    expect(html).toContain(`<tr class="total">${sum("Total", "£2,500.50")}</tr>`);
    // How to pay: the amount and date, the reference to quote and the bank details.
    expect(html).toContain("How to pay");
    expect(html).toContain("Please pay <strong>£2,500.50</strong> by bank transfer by <strong>31 December 2099</strong>.");
    expect(html).toContain('<dt>Reference</dt><dd class="ref">INV-202611-042</dd>');
    expect(html).toContain("<dt>Bank</dt><dd>Northern Bank</dd>");
    expect(html).toContain("<dt>Account name</dt><dd>Redbrick Studio Ltd</dd>");
    expect(html).toContain("<dt>Sort code</dt><dd>12-34-56</dd>");
    expect(html).toContain("<dt>Account number</dt><dd>12345678</dd>");
    // The studio's invoice notes, as paragraphs and bullets.
    expect(html).toContain("<p>Thank you for your business.</p><ul><li>Late payments may incur interest</li></ul>");
  });

  it("without a VAT number there are no VAT lines; without bank details it says whom to ask, with the reference", async () => {
    const inv = await addInvoice({ project_id: projectId });
    const { url } = await expectJson(share(inv), 201);
    const html = await (await open(url)).text();
    expect(html).not.toContain("VAT No.");
    expect(html).not.toContain("Net (excl. VAT)");
    expect(html).toContain("Project: Acme site");
    expect(html).toContain('<dt>Reference</dt><dd class="ref">INV-202611-042</dd>');
    expect(html).not.toContain("Sort code");
    expect(html).toContain(
      'For our bank details, please write to <a href="mailto:hello@redbrickstudio.co.uk">hello@redbrickstudio.co.uk</a>, quoting the reference.',
    );
  });

  it("a Sent invoice past its due date reads as Overdue; a Paid one says so and asks for nothing", async () => {
    await studioDetails();
    const late = await addInvoice({ status: "Sent", date: "2020-01-01", due_date: "2020-01-31" });
    const { url } = await expectJson(share(late), 201);
    const overdue = await (await open(url)).text();
    expect(overdue).toContain('<p class="status late">Overdue since 1 Feb 2020</p>');
    expect(overdue).toContain("This invoice was due on 31 January 2020. Please pay £2,401.00 as soon as you can.");
    expect(overdue).toContain('<dt>Reference</dt><dd class="ref">INV-202611-042</dd>');
    expect(overdue).toContain("Late payments may incur interest");

    const sent = await getInvoice(late);
    await expectJson(
      staff.api.crm.invoices[":id"].$patch({
        param: { id: late.id },
        json: { status: "Paid", paid_date: "2020-02-03", updated_at: sent.updated_at },
      }),
      200,
    );
    const paid = await (await open(url)).text();
    expect(paid).toContain('<p class="status done">Paid on 3 Feb 2020</p>');
    expect(paid).toContain("<dt>Paid</dt><dd>3 February 2020</dd>");
    expect(paid).toContain("Paid on 3 February 2020. Thank you.");
    // Nothing asks for money: no How to pay, no bank details, no due date, no payment notes.
    expect(paid).not.toContain("How to pay");
    expect(paid).not.toContain("12345678");
    expect(paid).not.toContain("Due date");
    expect(paid).not.toContain("Please pay");
    expect(paid).not.toContain("Late payments may incur interest");
  });

  it("counts the client's views, first and last, once per address per half hour; not a colleague's look or a HEAD", async () => {
    const inv = await addInvoice();
    const { url } = await expectJson(share(inv), 201);
    expect((await open(url, "198.51.100.8", staff.cookie)).status).toBe(200);
    const head = await exports.default.fetch(`http://localhost${new URL(url).pathname}`, {
      method: "HEAD",
      headers: { "CF-Connecting-IP": "198.51.100.11" },
    });
    expect(head.status).toBe(200);
    expect((await getInvoice(inv)).share).toMatchObject({ views: 0, first_viewed_at: null, last_viewed_at: null });
    // Opened three times by one client: one visit.
    for (let i = 0; i < 3; i++) await open(url, "198.51.100.9");
    const once = (await getInvoice(inv)).share!;
    expect(once).toMatchObject({ views: 1 });
    expect(once.first_viewed_at).not.toBeNull();
    expect(once.last_viewed_at).toBe(once.first_viewed_at);
    await new Promise((r) => setTimeout(r, 5));
    await open(url, "198.51.100.10");
    const twice = (await getInvoice(inv)).share!;
    expect(twice).toMatchObject({ views: 2, first_viewed_at: once.first_viewed_at });
    expect(twice.last_viewed_at! > twice.first_viewed_at!).toBe(true);
  });

  it("a revoked link says so with the studio's contact details (410); an unknown one is 404", async () => {
    await studioDetails();
    const inv = await addInvoice();
    const { url } = await expectJson(share(inv), 201);
    await expectJson(revoke(inv), 200);
    const ended = await open(url);
    expect(ended.status).toBe(410);
    expect(ended.headers.get("Cache-Control")).toBe("private, no-store");
    expect(ended.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = await ended.text();
    expect(text).toContain("<h1>This link is no longer active</h1>");
    expect(text).toContain("The studio has withdrawn the link to this invoice, or sent a newer one.");
    expect(text).toContain('<a href="mailto:hello@redbrickstudio.co.uk">hello@redbrickstudio.co.uk</a>');
    expect(text).toContain("Unit 4, Ancoats Works");
    expect(text).not.toContain("INV-202611-042");

    expect((await open(`http://localhost/i/${"B".repeat(43)}`)).status).toBe(404);
    // Not a token we could have made: 404 too, and nothing looked up.
    expect((await open("http://localhost/i/short")).status).toBe(404);
  });

  it("20 unknown links an hour from one address, /p and /i together, then 429; a valid link from that address still opens, uncounted", async () => {
    const inv = await addInvoice();
    const good = await expectJson(share(inv), 201);
    const guess = (kind: "p" | "i", i: number) => `http://localhost/${kind}/${"A".repeat(41)}${String(i).padStart(2, "0")}`;
    // Half the guesses at proposals' links: they count against the same limit.
    for (let i = 0; i < 20; i++) expect((await open(guess(i % 2 ? "p" : "i", i), "203.0.113.50")).status, `guess ${i}`).toBe(404);
    const limited = await open(guess("i", 99), "203.0.113.50");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("<h1>Too many attempts</h1>");
    // A shared office or a carrier's NAT: the client behind the same address as the guesser.
    const valid = await open(good.url, "203.0.113.50");
    expect(valid.status).toBe(200);
    expect(await valid.text()).toContain("INV-202611-042");
    expect((await open(good.url, "198.51.100.20")).status).toBe(200);
    // Only the guesses were counted, and the next guess is still refused.
    expect(await rows("SELECT count(*) AS n FROM rate_limit_events WHERE bucket = 'proposal-link-ip'")).toEqual([{ n: 20 }]);
    expect((await open(guess("p", 98), "203.0.113.50")).status).toBe(429);
  });
});
