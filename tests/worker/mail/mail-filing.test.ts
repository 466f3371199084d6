/**
 * Mail that files itself (docs/decisions/0023-mail-that-files-itself.md): the worker's email() handler, called inside workerd with each
 * fixture as Email Routing would hand it over, and where the message landed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createUser, deliverMail as deliver, errorOf, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import type { MailMessage } from "../../../contract/mail";
import type { LeadInput } from "../../../contract/lead";
import appleBcc from "../../fixtures/mail/apple-bcc.eml?raw";
import gmailForward from "../../fixtures/mail/gmail-forward.eml?raw";
import outlookForward from "../../fixtures/mail/outlook-forward.eml?raw";
import dmarcFail from "../../fixtures/mail/dmarc-fail.eml?raw";
import malformed from "../../fixtures/mail/malformed.eml?raw";
import htmlOnly from "../../fixtures/mail/html-only.eml?raw";

const STAFF = "hannah@redbrickstudio.co.uk";

let staff: Staff;
beforeEach(async () => {
  await createUser({ email: STAFF, full_name: "Hannah Whitaker", role: "Owner" });
  await createUser({ email: "marcus@redbrickstudio.co.uk", full_name: "Marcus Reid", role: "Sales" });
  staff = await signInAs("Sales");
});

const addLead = async (json: LeadInput) => (await expectJson(staff.api.crm.leads.$post({ json }), 201)).lead.id;
const mailOf = async (id: string) => (await expectJson(staff.api.crm.mail[":id"].$get({ param: { id } }), 200)).message;
const unfiled = () => expectJson(staff.api.crm.mail.unfiled.$get(), 200);
/** Files `m` on a lead, as Unfiled mail does, from the copy of it the list showed. */
const fileOnLead = (m: MailMessage, leadId: string) =>
  staff.api.crm.mail[":id"].file.$post({
    param: { id: m.id },
    json: { related_type: "lead", related_id: leadId, updated_at: m.updated_at },
  });

describe("the CRM's inbox files mail by itself", () => {
  it("a Bcc on an outgoing mail lands on the lead it was sent to, as a Sent Email entry", async () => {
    const leadId = await addLead({ name: "Sophie Turner", email: "Sophie@SophieTurnerYoga.co.uk" });
    expect((await deliver(appleBcc)).rejected).toBeNull();
    const [stored] = await rows<{ id: string; direction: string; related_type: string; related_id: string; filed_by_name: string }>(
      "SELECT id, direction, related_type, related_id, filed_by_name FROM mail_messages",
    );
    expect(stored).toMatchObject({ direction: "sent", related_type: "lead", related_id: leadId, filed_by_name: "Hannah Whitaker" });
    const [entry] = await rows<{ type: string; summary: string; mail_id: string }>(
      "SELECT type, summary, mail_id FROM activities WHERE related_id = ?",
      leadId,
    );
    expect(entry).toMatchObject({ type: "Email", summary: "Sent: Re: Launch date for the new site", mail_id: stored.id });
    const message = await mailOf(stored.id);
    expect(message.to.map((a) => a.address)).toContain("sophie@sophieturneryoga.co.uk");
    expect(message.related_name).toBe("Sophie Turner");
    // The lead's timeline carries it.
    const timeline = await expectJson(staff.api.crm.leads[":id"].activities.$get({ param: { id: leadId } }), 200);
    expect(timeline.logged.map((a) => a.mail_id)).toEqual([stored.id]);
  });

  it("a reply in the same conversation follows it to its record, even to an address nobody has", async () => {
    const leadId = await addLead({ name: "Sophie Turner", email: "sophie@sophieturneryoga.co.uk" });
    expect((await deliver(appleBcc)).rejected).toBeNull();
    // The next message of the thread goes to Sophie's new address, which matches no lead or client.
    const reply = appleBcc
      .replaceAll("sophie@sophieturneryoga.co.uk", "sophie@new-studio.example")
      .replace(
        "Message-Id: <A3F9C1D2-7B64-4E0A-9C58-1E2D3F4A5B6C@redbrickstudio.co.uk>",
        "Message-Id: <next-in-thread@redbrickstudio.co.uk>",
      )
      .replace(/In-Reply-To: [^\r\n]+/, "In-Reply-To: <A3F9C1D2-7B64-4E0A-9C58-1E2D3F4A5B6C@redbrickstudio.co.uk>");
    expect((await deliver(reply)).rejected).toBeNull();
    expect(await rows("SELECT message_id, related_type, related_id FROM mail_messages ORDER BY created_at")).toEqual([
      { message_id: "A3F9C1D2-7B64-4E0A-9C58-1E2D3F4A5B6C@redbrickstudio.co.uk", related_type: "lead", related_id: leadId },
      { message_id: "next-in-thread@redbrickstudio.co.uk", related_type: "lead", related_id: leadId },
    ]);
  });

  it("a forward files the original on the client whose address sent it, dated as the original, once only", async () => {
    const { client } = await expectJson(
      staff.api.crm.clients.$post({ json: { name: "Sophie Turner Yoga", emails: ["sophie@sophieturneryoga.co.uk"] } }),
      201,
    );
    expect((await deliver(gmailForward)).rejected).toBeNull();
    const [stored] = await rows<{ id: string; direction: string; related_id: string; sent_at: string; subject: string }>(
      "SELECT id, direction, related_id, sent_at, subject FROM mail_messages",
    );
    expect(stored).toMatchObject({ direction: "received", related_id: client.id, subject: "Launch date for the new site" });
    expect(stored.sent_at.startsWith("2026-06-11")).toBe(true);
    // The same message again (a colleague forwarding it too): stored once.
    expect((await deliver(gmailForward)).rejected).toBeNull();
    expect(await rows("SELECT count(*) AS n FROM mail_messages")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM activities")).toEqual([{ n: 1 }]);
  });

  it("no match, or several, goes to Unfiled mail, which files it, makes a lead of it, or deletes it", async () => {
    expect((await deliver(outlookForward, "marcus@redbrickstudio.co.uk")).rejected).toBeNull();
    const waiting = await unfiled();
    expect(waiting.total).toBe(1);
    const [m] = waiting.messages;
    expect(m.related_id).toBeNull();

    const leadId = await addLead({ name: "Somebody" });
    const bad = await errorOf(fileOnLead(m, "nope"), 422);
    expect(bad.fields?.related_id).toBe("That lead does not exist");
    const filed = await expectJson(fileOnLead(m, leadId), 200);
    expect(filed.message).toMatchObject({ related_type: "lead", related_id: leadId });
    expect(await rows("SELECT type, mail_id FROM activities WHERE related_id = ?", leadId)).toEqual([{ type: "Email", mail_id: m.id }]);
    // Filed already: a second try (a colleague's stale list) is refused, changing nothing.
    const again = await errorOf(fileOnLead(m, leadId), 409);
    expect(again.message).toBe("This message has already been filed.");

    // Another unfiled message becomes a lead, then one is deleted.
    expect((await deliver(htmlOnly)).rejected).toBeNull();
    const [next] = (await unfiled()).messages;
    const made = await expectJson(
      staff.api.crm.mail[":id"].lead.$post({ param: { id: next.id }, json: { updated_at: next.updated_at } }),
      201,
    );
    const [lead] = await rows<{ email: string; source: string }>("SELECT email, source FROM leads WHERE id = ?", made.lead_id);
    expect(lead.source).toBe("Email");
    expect(lead.email).toBe(next.direction === "received" ? next.from_address : next.to[0].address);
    expect(made.message.related_id).toBe(made.lead_id);
    await expectJson(staff.api.crm.mail[":id"].$delete({ param: { id: next.id } }), 200);
    expect(await rows("SELECT count(*) AS n FROM activities WHERE mail_id = ?", next.id)).toEqual([{ n: 0 }]);
  });

  it("refuses, and counts for the Owner, mail from outside the staff, a failed DMARC, and unreadable bytes", async () => {
    const stranger = await deliver(appleBcc.replaceAll(STAFF, "someone@elsewhere.example"), "someone@elsewhere.example");
    expect(stranger.rejected).toMatch(/member of staff/);
    expect((await deliver(dmarcFail)).rejected).toBeTruthy();
    expect((await deliver("")).rejected).toBe("The message is empty (0 bytes).");
    // Broken MIME is filed as far as it can be read, or refused with a reason: never dropped silently.
    const broken = await deliver(malformed);
    const [{ n: kept }] = await rows<{ n: number }>("SELECT count(*) AS n FROM mail_messages");
    expect(broken.rejected !== null || kept === 1).toBe(true);
    expect(await rows("SELECT count(*) AS n FROM mail_messages WHERE subject LIKE '%Urgent%'")).toEqual([{ n: 0 }]);
    const owner = await signInAs("Owner");
    const refusals = await expectJson(owner.api.crm.mail.refusals.$get(), 200);
    expect(refusals.count).toBeGreaterThanOrEqual(3);
    expect(refusals.latest[0].reason.length).toBeGreaterThan(0);
    // The Owner's alone.
    expect((await staff.api.crm.mail.refusals.$get()).status).toBe(403);
  });
});
