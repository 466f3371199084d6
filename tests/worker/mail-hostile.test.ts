/**
 * What a stranger can mail the CRM's inbox, through the worker's email() door as Email Routing
 * hands it over: forged Authentication-Results, a Message-ID taken from a real message, a staff
 * mail to hundreds of addresses, a 253-character Message-ID. Whatever is stored must come back
 * through export → import and delete-all → restore, exactly.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createUser, deliverMail as deliver, rows } from "./helpers";
import cloudflareBlock from "../fixtures/mail/cloudflare-block.eml?raw";
import forgedLoneAuth from "../fixtures/mail/forged-lone-auth.eml?raw";
import authTwiceInBlock from "../fixtures/mail/auth-twice-in-block.eml?raw";
import dmarcPassNoDomain from "../fixtures/mail/dmarc-pass-no-domain.eml?raw";
import dmarcFail from "../fixtures/mail/dmarc-fail.eml?raw";

const STAFF = "hannah@redbrickstudio.co.uk";

beforeEach(async () => {
  await createUser({ email: STAFF, full_name: "Hannah Whitaker", role: "Owner" });
});

const stored = async () => (await rows<{ n: number }>("SELECT count(*) AS n FROM mail_messages"))[0].n;

describe("only the receiving server's own Authentication-Results vouch for a sender", () => {
  it("files a message under Cloudflare's whole block: Received, ARC set, Received-SPF and its Authentication-Results", async () => {
    expect((await deliver(cloudflareBlock)).rejected).toBeNull();
    expect(await stored()).toBe(1);
  });

  it.each([
    [
      "a forged lone Authentication-Results, Cloudflare's own absent",
      forgedLoneAuth,
      "No Authentication-Results from mx.cloudflare.net among the headers it added on receipt, so the sender's domain could not be checked.",
    ],
    [
      "a forged one straight under Cloudflare's",
      authTwiceInBlock,
      "2 Authentication-Results headers from mx.cloudflare.net among the headers it added on receipt, where it writes one, so its own cannot be told from a forged one.",
    ],
    [
      "a DMARC pass that names no domain",
      dmarcPassNoDomain,
      "Neither DMARC nor SPF or DKIM aligned with redbrickstudio.co.uk passed at mx.cloudflare.net (it reported dkim=pass, dmarc=pass, spf=softfail).",
    ],
    [
      "a DMARC failure with a forged pass lower down",
      dmarcFail,
      "DMARC failed for redbrickstudio.co.uk at mx.cloudflare.net: the message may not be from who it says.",
    ],
  ])("refuses %s, with the reason, storing nothing", async (_, raw, reason) => {
    expect((await deliver(raw)).rejected).toBe(reason);
    expect(await stored()).toBe(0);
    expect(await rows("SELECT envelope_from, reason FROM mail_refusals")).toEqual([{ envelope_from: STAFF, reason }]);
  });
});
