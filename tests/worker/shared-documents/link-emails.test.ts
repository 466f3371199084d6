/**
 * Send (docs/decisions/0024-mail-cloudflare-refuses.md): a proposal's or an invoice's link e-mailed to the client from the CRM, read
 * back from what the real local send_email binding accepted; and the same request through a real
 * binding that, like an account with no sending domain, reaches only verified addresses
 * (VERIFIED_ONLY_EMAIL in vitest.config.ts): the link stands, and the answer says why in words.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { refusalOf, refusalReason } from "../../../worker/platform/email";
import {
  apiClient,
  apiWithEnv,
  errorOf,
  expectJson,
  mailTo,
  rows,
  signInAs,
  type Staff,
  unchecked,
  uniqueEmail,
  uniqueInvoiceNumber,
  waitForMail,
} from "../support/helpers";
import type { SendLinkInput } from "../../../contract/shared-link";

let staff: Staff;

/** The client's browser: no session, an address of its own. */
const open = (url: string) =>
  exports.default.fetch(`http://localhost${new URL(url).pathname}`, { headers: { "CF-Connecting-IP": "198.51.100.9" } });

/** The same request, through the binding that reaches only the studio's inbox. */
const viaVerifiedOnly = () => apiWithEnv({ EMAIL: env.VERIFIED_ONLY_EMAIL }, { cookie: staff.cookie });

const refusedTo = (to: string) =>
  `Cloudflare wouldn't send to ${to}: this address isn't verified on your Cloudflare account, and no sending domain is set up there. Copy the link and send it yourself.`;

/** Waits as long as a sent message would take to show, then asserts none was sent to `to`. */
async function noMailTo(to: string) {
  await new Promise((r) => setTimeout(r, 150));
  await waitForMail(to, 0, 0);
}

async function leadProposal(email: string | null) {
  const lead = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter", company: "Carter Yoga", email } }), 201)).lead;
  const proposal = (
    await expectJson(
      staff.api.crm.proposals.$post({
        json: {
          title: "Yoga studio website",
          lead_id: lead.id,
          lines: [{ description: "Website", quantity: 1, unit_price: 3600 }],
          valid_until: "2099-12-31",
        },
      }),
      201,
    )
  ).proposal;
  return { lead, proposal };
}

async function clientInvoice(emails: string[]) {
  const client = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Brierley Brewing Co.", emails } }), 201)).client;
  const invoice = (
    await expectJson(
      staff.api.crm.invoices.$post({
        json: {
          number: uniqueInvoiceNumber("INV-209912"),
          client_id: client.id,
          lines: [{ description: "Website build", quantity: 2, unit_price: 1200.5 }],
          date: "2099-11-01",
          due_date: "2099-12-15",
        },
      }),
      201,
    )
  ).invoice;
  return { client, invoice };
}

beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});

describe("e-mailing a proposal's link", () => {
  it("offers the lead's address, sends the link with the message, title and total from the studio, and records it", async () => {
    const to = uniqueEmail("jo");
    const { lead, proposal } = await leadProposal(to);
    expect(proposal.contact_email).toBe(to);

    const sent = await expectJson(
      staff.api.crm.proposals[":id"].send.$post({
        param: { id: proposal.id },
        json: { to, message: "Hello Jo,\n\nHere is our proposal, as promised." },
      }),
      201,
    );
    expect(sent.email).toMatchObject({ sent: true, to });
    expect(sent.proposal).toMatchObject({ status: "Sent", share: { emailed_to: to, views: 0 } });
    expect(sent.url).toMatch(/^http:\/\/localhost\/p\/[A-Za-z0-9_-]{43}$/);

    const [mail] = await waitForMail(to);
    expect(mail.headers.from).toBe(`"Redbrick Studio" <${env.MAIL_FROM}>`);
    expect(mail.headers["reply-to"]).toBe(env.STUDIO_INBOX);
    expect(mail.headers.subject).toBe("Proposal: Yoga studio website");
    expect(mail.text).toMatch(
      /^Hello Jo,\n\nHere is our proposal, as promised\.\n\nProposal: Yoga studio website\nTotal: £3,600\.00\nValid until 31 Dec 2099\n/,
    );
    expect(mail.text).toContain(`Open it here:\n${sent.url}\n`);
    expect(mail.text).toMatch(/\nMarcus Reid\nRedbrick Studio$/);
    // The link in the mail is the client's page.
    expect((await open(sent.url)).status).toBe(200);

    // On the link (the card shows it) and in the Activity Feed, on the lead's timeline.
    const [link] = await rows<{ emailed_to: string; emailed_at: string }>("SELECT emailed_to, emailed_at FROM proposal_links");
    expect(link).toEqual({ emailed_to: to, emailed_at: sent.proposal.share!.emailed_at });
    expect(await rows("SELECT type, summary, related_type, related_id, who_username FROM activities")).toEqual([
      {
        type: "Email",
        summary: `E-mailed the proposal "Yoga studio website" to ${to}`,
        related_type: "lead",
        related_id: lead.id,
        who_username: staff.id,
      },
    ]);
  });

  it("greets the lead by first name, then the facts and the link, when the message is left blank, to the address typed and confirmed", async () => {
    const { proposal } = await leadProposal(null);
    expect(proposal.contact_email).toBeNull();
    const to = uniqueEmail("typed");
    const sent = await expectJson(
      staff.api.crm.proposals[":id"].send.$post({ param: { id: proposal.id }, json: { to, message: "  ", confirm_recipient: true } }),
      201,
    );
    expect(sent.email.sent).toBe(true);
    const [mail] = await waitForMail(to);
    expect(mail.text.startsWith("Hello Jo,\n\nProposal: Yoga studio website\n")).toBe(true);
  });

  it("when Cloudflare won't send to the address, the link stands and works: 201 with the reason and the message to send by hand", async () => {
    const to = uniqueEmail("unverified");
    const { proposal } = await leadProposal(to);
    const sent = await expectJson(
      viaVerifiedOnly().crm.proposals[":id"].send.$post({ param: { id: proposal.id }, json: { to, message: "Hello Jo," } }),
      201,
    );
    expect(sent.email).toEqual({
      sent: false,
      to,
      reason: refusedTo(to),
      subject: "Proposal: Yoga studio website",
      text: expect.stringContaining(`Hello Jo,\n\nProposal: Yoga studio website\nTotal: £3,600.00`),
    });
    if (sent.email.sent) throw new Error("unreachable");
    expect(sent.email.text).toContain(sent.url);
    // Nothing is lost: the proposal is Sent, its link opens, and nothing claims it was e-mailed.
    expect(sent.proposal).toMatchObject({ status: "Sent", share: { emailed_to: null, emailed_at: null } });
    expect((await open(sent.url)).status).toBe(200);
    expect(await rows("SELECT id FROM activities")).toEqual([]);
    // The audit trail still says whom the link was made for.
    expect(await rows("SELECT actor_id, detail FROM audit_events WHERE action = 'proposal_emailed'")).toEqual([
      {
        actor_id: staff.id,
        detail: `Made a link to the proposal "Yoga studio website" for ${to}; Cloudflare wouldn't e-mail it, so it was shown to copy`,
      },
    ]);
    await noMailTo(to);
  });

  it("validates the address and the message, and makes no link for a bad request", async () => {
    const { proposal } = await leadProposal(null);
    const bad = await errorOf(
      staff.api.crm.proposals[":id"].send.$post({ param: { id: proposal.id }, json: { to: "jo at example", message: "x".repeat(2001) } }),
      422,
    );
    expect(bad.fields).toEqual({
      to: "Please enter a valid email address",
      message: "The message must be at most 2,000 characters",
    });
    expect(
      (await errorOf(staff.api.crm.proposals[":id"].send.$post({ param: { id: proposal.id }, json: unchecked({}) }), 422)).fields?.to,
    ).toBeTruthy();
    expect(await rows("SELECT id FROM proposal_links")).toEqual([]);
    expect(
      (await staff.api.crm.proposals[":id"].send.$post({ param: { id: "nope" }, json: { to: uniqueEmail(), message: null } })).status,
    ).toBe(404);
  });
});

describe("e-mailing an invoice's link", () => {
  it("offers the client's first address and sends the number, the amount in pounds and the due date, with Reply-To the studio", async () => {
    const to = uniqueEmail("accounts");
    const { client, invoice } = await clientInvoice([to, uniqueEmail("other")]);
    expect(invoice.contact_email).toBe(to);
    const sent = await expectJson(
      staff.api.crm.invoices[":id"].send.$post({
        param: { id: invoice.id },
        json: { to, message: "Hello,\n\nHere is this month's invoice." },
      }),
      201,
    );
    expect(sent.email).toMatchObject({ sent: true, to });
    expect(sent.invoice).toMatchObject({ status: "Sent", share: { emailed_to: to } });
    const [mail] = await waitForMail(to);
    expect(mail.headers.subject).toBe(`Invoice ${invoice.number}`);
    expect(mail.headers["reply-to"]).toBe(env.STUDIO_INBOX);
    expect(mail.text).toContain(`Here is this month's invoice.\n\nInvoice ${invoice.number}\nAmount: £2,401.00\nDue on 15 Dec 2099\n`);
    expect(mail.text).toContain(`Open it here:\n${sent.url}\n`);
    expect(mail.text).toContain("with our bank details and the reference to quote");
    expect((await open(sent.url)).status).toBe(200);
    expect(await rows("SELECT type, summary, related_type, related_id FROM activities")).toEqual([
      {
        type: "Email",
        summary: `E-mailed the invoice ${invoice.number} (£2,401.00) to ${to}`,
        related_type: "client",
        related_id: client.id,
      },
    ]);
  });

  it("greets a client by the first name of the lead it was converted from, and a company by no name", async () => {
    const lead = (
      await expectJson(
        staff.api.crm.leads.$post({ json: { name: "olivia bennett", company: "Bennett Interiors", email: uniqueEmail("olivia") } }),
        201,
      )
    ).lead;
    const converted = await expectJson(
      staff.api.crm.leads[":id"].actions.$post({ param: { id: lead.id }, json: { action: "convert_to_client" } }),
      201,
    );
    const to = uniqueEmail("bennett");
    const invoice = (
      await expectJson(
        staff.api.crm.invoices.$post({
          json: {
            number: uniqueInvoiceNumber("INV-209912"),
            client_id: converted.lead.converted_to_client_id!,
            lines: [{ description: "Website build", quantity: 1, unit_price: 900 }],
            date: "2099-11-01",
            due_date: "2099-12-15",
          },
        }),
        201,
      )
    ).invoice;
    await expectJson(
      staff.api.crm.invoices[":id"].send.$post({
        param: { id: invoice.id },
        json: { to, message: "Here is this month's invoice.", confirm_recipient: true },
      }),
      201,
    );
    const [mail] = await waitForMail(to);
    expect(mail.text.startsWith(`Hello Olivia,\n\nHere is this month's invoice.\n\nInvoice ${invoice.number}\n`)).toBe(true);

    // "Brierley Brewing Co." is not a person: no name rather than "Hello Brierley,".
    const brewery = uniqueEmail("brewery");
    const { invoice: other } = await clientInvoice([brewery]);
    await expectJson(
      staff.api.crm.invoices[":id"].send.$post({ param: { id: other.id }, json: { to: brewery, message: null, confirm_recipient: true } }),
      201,
    );
    const [plain] = await waitForMail(brewery);
    expect(plain.text.startsWith(`Hello,\n\nInvoice ${other.number}\n`)).toBe(true);
  });

  it("when Cloudflare won't send to the address, the invoice's link stands and the answer says why", async () => {
    const to = uniqueEmail("unverified");
    const { invoice } = await clientInvoice([to]);
    const sent = await expectJson(
      viaVerifiedOnly().crm.invoices[":id"].send.$post({ param: { id: invoice.id }, json: { to, message: null } }),
      201,
    );
    expect(sent.email).toMatchObject({ sent: false, to, reason: refusedTo(to), subject: `Invoice ${invoice.number}` });
    expect(sent.invoice).toMatchObject({ status: "Sent", share: { emailed_to: null } });
    expect((await open(sent.url)).status).toBe(200);
    await noMailTo(to);
  });

  it("the same binding does send to a verified address (the studio's inbox)", async () => {
    const { invoice } = await clientInvoice([]);
    const sent = await expectJson(
      viaVerifiedOnly().crm.invoices[":id"].send.$post({
        param: { id: invoice.id },
        json: { to: env.STUDIO_INBOX, message: null, confirm_recipient: true },
      }),
      201,
    );
    expect(sent.email).toMatchObject({ sent: true, to: env.STUDIO_INBOX });
    // The inbox is shared with other tests' notifications: find this one by its link.
    await expect.poll(async () => (await mailTo(env.STUDIO_INBOX)).some((m) => m.text.includes(sent.url))).toBe(true);
  });
});

describe("the recipient of a send", () => {
  const sendProposal = (id: string, body: SendLinkInput) => staff.api.crm.proposals[":id"].send.$post({ param: { id: id }, json: body });
  const sendInvoice = (id: string, body: SendLinkInput) => staff.api.crm.invoices[":id"].send.$post({ param: { id: id }, json: body });

  it("an address not the proposal's own needs the tick: 422 on confirm_recipient, nothing made or sent; ticked, it goes and the trail says so", async () => {
    const lead = uniqueEmail("jo");
    const { proposal } = await leadProposal(lead);
    const outsider = uniqueEmail("outsider");
    const refused = await errorOf(sendProposal(proposal.id, { to: outsider, message: null }), 422);
    expect(refused).toMatchObject({
      code: "validation_failed",
      message: `${outsider} is not one of this client's addresses.`,
      fields: { confirm_recipient: `${outsider} is not one of this client's addresses.` },
    });
    // Nothing made, revoked or sent, and the sender's allowance untouched.
    expect(await rows("SELECT id FROM proposal_links")).toEqual([]);
    expect(await rows("SELECT id FROM rate_limit_events WHERE bucket = 'staff-sends'")).toEqual([]);
    await noMailTo(outsider);

    // Ticked: sent, and the audit trail names the recipient and the confirmation.
    const sent = await expectJson(sendProposal(proposal.id, { to: outsider, message: null, confirm_recipient: true }), 201);
    expect(sent.email).toMatchObject({ sent: true, to: outsider });
    await waitForMail(outsider);
    expect(await rows("SELECT actor_id, detail FROM audit_events WHERE action = 'proposal_emailed'")).toEqual([
      {
        actor_id: staff.id,
        detail: `E-mailed the link to the proposal "Yoga studio website" to ${outsider} (not one of the client's addresses; confirmed)`,
      },
    ]);
    // The lead's own address, in any case, and the one the proposal was last sent to need no tick.
    await expectJson(sendProposal(proposal.id, { to: lead.toUpperCase(), message: null }), 201);
    await expectJson(sendProposal(proposal.id, { to: lead, message: null }), 201);
    await errorOf(sendProposal(proposal.id, { to: outsider, message: null }), 422);
    const details = await rows<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'proposal_emailed' ORDER BY created_at");
    expect(details.map((d) => d.detail).slice(1)).toEqual([
      `E-mailed the link to the proposal "Yoga studio website" to ${lead.toUpperCase()}`,
      `E-mailed the link to the proposal "Yoga studio website" to ${lead}`,
    ]);
  });

  it("a proposal to a client, or to a lead that became one, knows the client's addresses", async () => {
    const [first, second] = [uniqueEmail("accounts"), uniqueEmail("owner")];
    const { client } = await clientInvoice([first, second]);
    const forClient = await expectJson(staff.api.crm.proposals.$post({ json: { title: "Shop", client_id: client.id, value: 900 } }), 201);
    await expectJson(sendProposal(forClient.proposal.id, { to: second, message: null }), 201);
    const { lead, proposal } = await leadProposal(uniqueEmail("jo"));
    await rows("UPDATE leads SET converted_to_client_id = ? WHERE id = ?", client.id, lead.id);
    await expectJson(sendProposal(proposal.id, { to: first, message: null }), 201);
  });

  it("an invoice knows each of its client's addresses and the one it was last sent to; any other needs the tick", async () => {
    const [first, second] = [uniqueEmail("accounts"), uniqueEmail("owner")];
    const { invoice } = await clientInvoice([first, second]);
    await expectJson(sendInvoice(invoice.id, { to: second, message: null }), 201);
    const outsider = uniqueEmail("outsider");
    const refused = await errorOf(sendInvoice(invoice.id, { to: outsider, message: null, confirm_recipient: false }), 422);
    expect(refused.fields).toEqual({ confirm_recipient: `${outsider} is not one of this client's addresses.` });
    await expectJson(sendInvoice(invoice.id, { to: outsider, message: null, confirm_recipient: true }), 201);
    await expectJson(sendInvoice(invoice.id, { to: outsider, message: null }), 201);
    expect(await rows("SELECT detail FROM audit_events WHERE action = 'invoice_emailed' ORDER BY created_at")).toEqual([
      { detail: `E-mailed the link to the invoice ${invoice.number} to ${second}` },
      { detail: `E-mailed the link to the invoice ${invoice.number} to ${outsider} (not one of the client's addresses; confirmed)` },
      { detail: `E-mailed the link to the invoice ${invoice.number} to ${outsider}` },
    ]);
    // An unknown invoice is still 404, not a question about the address.
    expect((await sendInvoice("nope", { to: outsider, message: null })).status).toBe(404);
  });
});

describe("how often a member of staff can send", () => {
  it("20 an hour, links and invitations together: then 429 with Retry-After and the reason, nothing made; a colleague still sends", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const to = uniqueEmail("accounts");
    const { invoice } = await clientInvoice([to]);
    const { proposal } = await leadProposal(uniqueEmail("jo"));
    const accepted = await leadProposal(uniqueEmail("won"));
    await rows("UPDATE proposals SET status = 'Accepted' WHERE id = ?", accepted.proposal.id);
    const api = apiClient({ cookie: owner.cookie });
    const sendProposal = (id: string, to: string) =>
      api.crm.proposals[":id"].send.$post({ param: { id }, json: { to, message: null, confirm_recipient: true } });
    const sendInvoice = () => api.crm.invoices[":id"].send.$post({ param: { id: invoice.id }, json: { to, message: null } });
    const invite = () => api.crm.users.invites.$post({ json: { email: uniqueEmail("colleague"), role: "Sales", confirm_recipient: true } });
    // A send refused for what it is (an accepted proposal cannot be sent again) uses up nothing.
    expect((await sendProposal(accepted.proposal.id, uniqueEmail("won"))).status).toBe(409);
    for (let i = 0; i < 20; i++) {
      const res = i === 0 ? await invite() : i % 2 ? await sendInvoice() : await sendProposal(proposal.id, uniqueEmail("jo"));
      expect(res.status, `send ${i + 1}: ${await res.clone().text()}`).toBe(201);
    }
    const links = await rows("SELECT id FROM invoice_links UNION ALL SELECT id FROM proposal_links");
    for (const send of [sendInvoice, invite]) {
      const res = await send();
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const error = await errorOf(res, 429);
      expect(error).toEqual(
        expect.objectContaining({
          code: "rate_limited",
          message: "You have sent 20 e-mails from the CRM in the last hour, the most allowed. You can send another in 60 minutes.",
        }),
      );
    }
    // Nothing was made or revoked by the refused sends.
    expect(await rows("SELECT id FROM invoice_links UNION ALL SELECT id FROM proposal_links")).toEqual(links);
    expect(await rows("SELECT count(*) AS n FROM invites")).toEqual([{ n: 1 }]);
    // The allowance is the sender's own.
    await expectJson(staff.api.crm.invoices[":id"].send.$post({ param: { id: invoice.id }, json: { to, message: null } }), 201);
  });
});

describe("Cloudflare's refusals, in the studio's words", () => {
  const refused = (code: string | undefined, message = "refused") => Object.assign(new Error(message), code ? { code } : {});
  const reason = (err: unknown) =>
    refusalReason(err, "jo@example.com", "noreply@redbrickstudio.co.uk", "Copy the link and send it yourself.");

  it("names the address and the cause for each code the Email Service documents, and for wrangler's local binding", () => {
    expect(reason(new Error("email to jo@example.com not allowed"))).toBe(refusedTo("jo@example.com"));
    expect(reason(refused("E_RECIPIENT_NOT_ALLOWED"))).toBe(refusedTo("jo@example.com"));
    expect(reason(refused("E_RECIPIENT_SUPPRESSED"))).toBe(
      "Cloudflare wouldn't send to jo@example.com: mail to this address has bounced before or been reported as spam. Check the address. Copy the link and send it yourself.",
    );
    for (const err of [
      refused("E_SENDER_NOT_VERIFIED"),
      refused("E_SENDER_DOMAIN_NOT_AVAILABLE"),
      new Error("email from x@y.z not allowed"),
    ])
      expect(reason(err)).toBe(
        "Cloudflare wouldn't send from noreply@redbrickstudio.co.uk: that address's domain isn't set up for sending on your Cloudflare account. Copy the link and send it yourself.",
      );
    for (const code of ["E_DAILY_LIMIT_EXCEEDED", "E_RATE_LIMIT_EXCEEDED"])
      expect(reason(refused(code))).toBe(
        "Cloudflare wouldn't send to jo@example.com: your account has reached its sending limit for now. Copy the link and send it yourself.",
      );
    // Anything else is said plainly, without the binding's own words.
    expect(reason(refused("E_INTERNAL_SERVER_ERROR", "boom at 0x1234"))).toBe(
      "Cloudflare didn't send the e-mail to jo@example.com. Copy the link and send it yourself.",
    );
    expect(refusalOf("not even an error")).toBe("other");
  });
});
