/**
 * Whether the receiving server vouched for an inbound mail's sender (worker/mail/auth-results.ts):
 * only its own Authentication-Results count, and only for the From domain or one aligned with it.
 */
import { describe, expect, it } from "vitest";
import { aligned, authVerdict, organisationalDomain, parseAuthenticationResults } from "../../worker/mail/auth-results";

const CF = "mx.cloudflare.net";
const verdict = (values: string[], from: string | null = "hannah@redbrickstudio.co.uk", envelopeFrom = "hannah@redbrickstudio.co.uk") =>
  authVerdict({ headers: values.map((value) => ({ key: "authentication-results", value })), from, authservId: CF, envelopeFrom });

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
    expect(verdict([`mx.google.com; dmarc=pass header.from=redbrickstudio.co.uk`])).toEqual({
      passed: false,
      reason: "No Authentication-Results from mx.cloudflare.net, so the sender's domain could not be checked.",
    });
    expect(verdict([])).toMatchObject({ passed: false });
    // The server's own header is the topmost; a forged pass further down is not read.
    expect(
      verdict([`${CF}; dmarc=fail header.from=redbrickstudio.co.uk`, `${CF}; dmarc=pass header.from=redbrickstudio.co.uk`]).passed,
    ).toBe(false);
    // SPF vouches for the envelope sender the worker saw, not for a different one named in the header.
    expect(verdict([`${CF}; spf=pass smtp.mailfrom=hannah@redbrickstudio.co.uk`], undefined, "x@bulk.example.net").passed).toBe(false);
    // DMARC for another domain says nothing about this From.
    expect(verdict([`${CF}; dmarc=pass header.from=example.com`]).passed).toBe(false);
    expect(verdict([`${CF}; dmarc=pass`], null)).toEqual({ passed: false, reason: "The message has no From address to check." });
    // Two authors: DMARC cannot say which one it vouched for.
    const headers = [
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
