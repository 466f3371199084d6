/**
 * Whether the receiving server vouched for an inbound mail's sender (worker/modules/mail/auth-results.ts):
 * only its own Authentication-Results count, from the block of headers it prepends, and only for the
 * From domain or one aligned with it.
 */
import { describe, expect, it } from "vitest";
import { aligned, authVerdict, organisationalDomain, parseAuthenticationResults, receiverBlock } from "../../../worker/modules/mail";

const CF = "mx.cloudflare.net";
/** The Received Cloudflare writes on top of every message it takes in. */
const received = {
  key: "received",
  value: "from mail-ej1-f54.google.com (209.85.218.54) by cloudflare-email.net (cloudflare) id Lz8rC3wNq1Va",
};
const senders = { key: "received", value: "by mail-ej1-f54.google.com with SMTP id a640c23a62f3a" };
const ar = (value: string) => ({ key: "authentication-results", value });
const HANNAH = "hannah@redbrickstudio.co.uk";
/** The verdict on headers in this order; `values` are Authentication-Results in the receiving server's block, under its Received. */
const verdictOf = (headers: { key: string; value: string }[], from: string | null = HANNAH, envelopeFrom = HANNAH) =>
  authVerdict({ headers, from, authservId: CF, envelopeFrom });
const verdict = (values: string[], from: string | null = HANNAH, envelopeFrom = HANNAH) =>
  verdictOf([received, ...values.map(ar)], from, envelopeFrom);
const noResult = {
  passed: false,
  reason:
    "No Authentication-Results from mx.cloudflare.net among the headers it added on receipt, so the sender's domain could not be checked.",
};

describe("Authentication-Results", () => {
  it("reads Cloudflare's header: comments with ';' inside, quoted values, two SPF results", () => {
    const parsed = parseAuthenticationResults(
      `mx.cloudflare.net;\r\n\tdkim=pass header.d=gmail.com header.s=20251104 header.b=L6CZ3OJ0;\r\n\tdmarc=pass header.from=gmail.com policy.dmarc=none;\r\n\tspf=none (mx.cloudflare.net: no SPF records found for postmaster@mail.google.com; really) smtp.helo=mail.google.com;\r\n\tspf=pass (mx.cloudflare.net: domain of joe@gmail.com designates 2607:f8b0::112d as permitted sender) smtp.mailfrom=joe@gmail.com;\r\n\tarc=pass smtp.remote-ip="2607:f8b0:4864:20::112d"`,
    );
    expect(parsed).toEqual({
      authservId: "mx.cloudflare.net",
      results: [
        { method: "dkim", result: "pass", props: { "header.d": "gmail.com", "header.s": "20251104", "header.b": "l6cz3oj0" } },
        { method: "dmarc", result: "pass", props: { "header.from": "gmail.com", "policy.dmarc": "none" } },
        { method: "spf", result: "none", props: { "smtp.helo": "mail.google.com" } },
        { method: "spf", result: "pass", props: { "smtp.mailfrom": "joe@gmail.com" } },
        { method: "arc", result: "pass", props: { "smtp.remote-ip": "2607:f8b0:4864:20::112d" } },
      ],
    });
    expect(parseAuthenticationResults("mx.example.org 1; none")).toEqual({ authservId: "mx.example.org", results: [] });
  });

  it("passes on DMARC, or on DKIM or SPF aligned with the From domain", () => {
    expect(verdict([`${CF}; dmarc=pass header.from=redbrickstudio.co.uk`])).toEqual({
      passed: true,
      reason: "DMARC passed for redbrickstudio.co.uk at mx.cloudflare.net.",
    });
    expect(verdict([`${CF}; dkim=pass header.d=mail.redbrickstudio.co.uk; dmarc=none`]).passed).toBe(true);
    expect(verdict([`${CF}; spf=pass smtp.mailfrom=bounces@redbrickstudio.co.uk`], undefined, "bounces@redbrickstudio.co.uk").passed).toBe(
      true,
    );
  });

  it("refuses unaligned passes, failures, and anything the trusted server did not write", () => {
    // DKIM by the mail provider's domain is not the studio vouching.
    expect(
      verdict([`${CF}; dkim=pass header.d=sendgrid.net; spf=pass smtp.mailfrom=bounce@sendgrid.net`], undefined, "bounce@sendgrid.net"),
    ).toEqual({
      passed: false,
      reason:
        "Neither DMARC nor SPF or DKIM aligned with redbrickstudio.co.uk passed at mx.cloudflare.net (it reported dkim=pass, spf=pass).",
    });
    // Another organisation under co.uk is not aligned just because both end in co.uk.
    expect(verdict([`${CF}; dkim=pass header.d=evil.co.uk`]).passed).toBe(false);
    // An explicit DMARC failure wins over an SPF pass for some other envelope.
    expect(verdict([`${CF}; dmarc=fail header.from=redbrickstudio.co.uk; dkim=pass header.d=redbrickstudio.co.uk`]).passed).toBe(false);
    // Written by the sender, or by a server upstream: not ours.
    expect(verdict([`mx.google.com; dmarc=pass header.from=redbrickstudio.co.uk`])).toEqual(noResult);
    expect(verdict([])).toEqual(noResult);
    // SPF vouches for the envelope sender the worker saw, not for a different one named in the header.
    expect(verdict([`${CF}; spf=pass smtp.mailfrom=hannah@redbrickstudio.co.uk`], undefined, "x@bulk.example.net").passed).toBe(false);
    // DMARC for another domain, or for no domain named, says nothing about this From.
    expect(verdict([`${CF}; dmarc=pass header.from=example.com`]).passed).toBe(false);
    expect(verdict([`${CF}; dmarc=pass policy.dmarc=none`])).toEqual({
      passed: false,
      reason: "Neither DMARC nor SPF or DKIM aligned with redbrickstudio.co.uk passed at mx.cloudflare.net (it reported dmarc=pass).",
    });
    // A failure that names no domain is still a failure.
    expect(verdict([`${CF}; dmarc=fail; spf=pass smtp.mailfrom=hannah@redbrickstudio.co.uk`]).passed).toBe(false);
    expect(verdict([`${CF}; dmarc=pass`], null)).toEqual({ passed: false, reason: "The message has no From address to check." });
    // Two authors: DMARC cannot say which one it vouched for.
    const headers = [
      received,
      { key: "authentication-results", value: `${CF}; dmarc=pass header.from=redbrickstudio.co.uk` },
      { key: "from", value: "Hannah <hannah@redbrickstudio.co.uk>, Mallory <m@evil.example>" },
    ];
    expect(authVerdict({ headers, from: "hannah@redbrickstudio.co.uk", authservId: CF, envelopeFrom: "" })).toEqual({
      passed: false,
      reason: "The message names more than one author in From, so its sender cannot be checked.",
    });
    const twice = [headers[0], { key: "from", value: "hannah@redbrickstudio.co.uk" }, { key: "from", value: "m@evil.example" }];
    expect(authVerdict({ headers: twice, from: "hannah@redbrickstudio.co.uk", authservId: CF, envelopeFrom: "" }).passed).toBe(false);
  });

  it("reads only the block the receiving server prepends, and only when exactly one header there is its own", () => {
    const pass = ar(`${CF}; dmarc=pass header.from=redbrickstudio.co.uk`);
    const arc = (key: string, value: string) => ({ key, value });
    // Cloudflare's block as a Worker delivery carries it: Received, ARC set, Received-SPF, then its Authentication-Results.
    const block = [
      received,
      arc("arc-seal", "i=1; a=rsa-sha256; s=cf2024-1; d=cloudflare-email.net; cv=none; b=AAAA"),
      arc("arc-message-signature", "i=1; a=rsa-sha256; s=cf2024-1; d=cloudflare-email.net; b=AAAA"),
      arc("arc-authentication-results", `i=1; ${CF}; dmarc=pass header.from=redbrickstudio.co.uk`),
      arc(
        "received-spf",
        "pass (mx.cloudflare.net: domain of hannah@redbrickstudio.co.uk designates 209.85.218.54) receiver=mx.cloudflare.net",
      ),
      pass,
    ];
    const rest = [senders, { key: "dkim-signature", value: "v=1; d=redbrickstudio.co.uk" }, { key: "from", value: HANNAH }];
    expect(receiverBlock([...block, ...rest])).toEqual(block);
    expect(verdictOf([...block, ...rest]).passed).toBe(true);
    // Cloudflare's own absent, the sender's written lower down (below its own Received, or below any header of the sender's): ignored.
    const withoutOwn = block.slice(0, -1);
    expect(verdictOf([...withoutOwn, senders, pass, { key: "from", value: HANNAH }])).toEqual(noResult);
    expect(verdictOf([...withoutOwn, { key: "x-mailer", value: "x" }, pass])).toEqual(noResult);
    // Not even an ARC-Authentication-Results with the trusted id stands in for it.
    expect(verdictOf(withoutOwn)).toEqual(noResult);
    // A message that does not begin with the receiving server's Received has no block at all.
    expect(verdictOf([pass, received])).toEqual(noResult);
    // Two with the trusted id where the server writes one (its own and a sender's right under it): neither is read.
    const twice = {
      passed: false,
      reason:
        "2 Authentication-Results headers from mx.cloudflare.net among the headers it added on receipt, where it writes one, so its own cannot be told from a forged one.",
    };
    expect(verdict([`${CF}; dmarc=fail header.from=redbrickstudio.co.uk`, `${CF}; dmarc=pass header.from=redbrickstudio.co.uk`])).toEqual(
      twice,
    );
    expect(verdictOf([...block, pass, ...rest])).toEqual(twice);
    // Another server's header in the block is not counted against it.
    expect(verdictOf([...block, ar("mx.google.com; dmarc=fail"), ...rest]).passed).toBe(true);
  });

  it("finds the organisational domain by the last two labels, or three under a known two-part suffix", () => {
    expect(organisationalDomain("mail.redbrickstudio.co.uk")).toBe("redbrickstudio.co.uk");
    expect(organisationalDomain("eu.mail.example.com")).toBe("example.com");
    expect(organisationalDomain("bristol.ac.uk")).toBe("bristol.ac.uk");
    expect(organisationalDomain("shop.com.au")).toBe("shop.com.au");
    expect(aligned("bounce.carterbakes.co.uk", "carterbakes.co.uk")).toBe(true);
    expect(aligned("co.uk", "co.uk")).toBe(false);
    expect(aligned("a.co.uk", "b.co.uk")).toBe(false);
  });
});
