/**
 * Whether the receiving server vouches for the sender's domain, read from its
 * Authentication-Results header (RFC 8601). A message is trusted when its From domain passed DMARC,
 * or SPF or DKIM passed for a domain aligned with it (DMARC's relaxed alignment, RFC 7489 §3.1).
 *
 * Which header counts:
 * - Only one in the block of headers the receiving server prepends as it takes the message in.
 *   Cloudflare Email Routing writes, on top of what the sender sent: its `Received` ("from <sender's
 *   host> by cloudflare-email.net"), `ARC-Seal`, `ARC-Message-Signature`, `ARC-Authentication-Results`,
 *   `Received-SPF`, and last its `Authentication-Results: mx.cloudflare.net; …`. The block is that
 *   Received at the very top and the run of ARC, Received-SPF and Authentication-Results headers
 *   below it; the first header of any other kind, or the next Received (the hop before, or the
 *   sender's own), is where the sender's part begins. Anything there was written by whoever sent
 *   the message, and anyone can write `Authentication-Results: mx.cloudflare.net; dmarc=pass`.
 * - In that block, only a header whose authserv-id is the receiving server's, and only when exactly
 *   one carries it. The server writes one; when it writes none (Worker deliveries arrive without
 *   it: decision 0030) a sender's header placed right under the block would otherwise pass for
 *   it, and when there are two, which one is the server's cannot be told. Either way: not passed.
 * - Not `ARC-Authentication-Results`: a sender can forge it as easily, receivers are not asked to
 *   remove forged copies, and trusting it would mean verifying the ARC-Seal chain, which we don't.
 *   Cloudflare writes the same verdicts in both headers, so nothing is lost while it writes the plain one.
 * - A DMARC result counts for the From domain only when its `header.from` names that domain: a bare
 *   `dmarc=pass` says nothing about which author passed.
 * - No trusted header means "not passed", with a reason saying so: the filer refuses rather than guesses.
 */
import { addressParser } from "postal-mime";
import { normaliseText } from "../../../contract/text";
import type { AuthVerdict } from "./types";

export interface AuthResult {
  method: string;
  result: string;
  /** Properties such as `header.from`, `header.d`, `smtp.mailfrom`, lower-cased names and values. */
  props: Record<string, string>;
}

export interface AuthResults {
  authservId: string;
  results: AuthResult[];
}

/** Second-level labels under which registries sell names: "shop.co.uk" is one organisation, "co.uk" is none. */
const TWO_PART_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "me.uk",
  "ltd.uk",
  "plc.uk",
  "net.uk",
  "sch.uk",
  "nhs.uk",
  "police.uk",
  "com.au",
  "net.au",
  "org.au",
  "edu.au",
  "gov.au",
  "asn.au",
  "id.au",
  "co.nz",
  "org.nz",
  "net.nz",
  "co.za",
  "org.za",
  "co.jp",
  "ne.jp",
  "or.jp",
  "com.br",
  "co.in",
  "co.ie",
]);

/**
 * The organisational domain, by a short list rather than the Public Suffix List: the last two
 * labels, or the last three under a known two-part suffix (co.uk, org.uk, ac.uk, gov.uk, com.au…);
 * "" for a bare suffix.
 * A domain under a two-part suffix not on the list is read too broadly, so two different
 * organisations there would count as aligned; add the suffix when a client uses one.
 */
export function organisationalDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".").filter(Boolean);
  const size = TWO_PART_SUFFIXES.has(labels.slice(-2).join(".")) ? 3 : 2;
  // A suffix on its own ("co.uk", "com") is no organisation.
  return labels.length < size ? "" : labels.slice(-size).join(".");
}

/** Relaxed alignment: the two domains share an organisational domain. */
export function aligned(a: string, b: string): boolean {
  const [x, y] = [organisationalDomain(a), organisationalDomain(b)];
  return !!x && x === y;
}

export const domainOf = (address: string) => {
  const at = address.lastIndexOf("@");
  return (at >= 0 ? address.slice(at + 1) : address).toLowerCase().replace(/[>\s]+$/, "");
};

/** The header value without its (possibly nested) comments, which may hold ";" and "=". Quoted strings are kept. */
function stripComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\\" && (quoted || depth)) {
      if (!depth) out += value.slice(i, i + 2);
      i++;
    } else if (quoted) {
      out += c;
      if (c === '"') quoted = false;
    } else if (c === "(") {
      depth++;
    } else if (c === ")" && depth) {
      depth--;
      if (!depth) out += " ";
    } else if (!depth) {
      if (c === '"') quoted = true;
      out += c;
    }
  }
  return out;
}

/** Splits on ";" outside quoted strings. */
function splitStatements(value: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' && value[i - 1] !== "\\") quoted = !quoted;
    if (c === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim());
}

const unquote = (v: string) => (v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1).replace(/\\(.)/g, "$1") : v);

/** One Authentication-Results value, or null when it has no authserv-id. */
export function parseAuthenticationResults(value: string): AuthResults | null {
  const [head, ...statements] = splitStatements(stripComments(value.slice(0, 16 * 1024)));
  // The authserv-id may be followed by a version number ("mx.example.org 1").
  const authservId = head.split(/\s+/)[0]?.toLowerCase();
  if (!authservId) return null;
  const results: AuthResult[] = [];
  for (const statement of statements) {
    const tokens = statement.match(/[^\s=]+\s*=\s*("(?:[^"\\]|\\.)*"|[^\s]*)|\S+/g) ?? [];
    const first = /^([\w.-]+)(?:\/\d+)?\s*=\s*(\S+)$/.exec(tokens[0] ?? "");
    if (!first) continue;
    const props: Record<string, string> = {};
    for (const token of tokens.slice(1)) {
      const prop = /^([\w.-]+)\s*=\s*(.*)$/s.exec(token);
      if (prop) props[prop[1].toLowerCase()] = unquote(prop[2]).toLowerCase();
    }
    results.push({ method: first[1].toLowerCase(), result: first[2].toLowerCase(), props });
    if (results.length >= 50) break;
  }
  return { authservId, results };
}

export interface VerdictInput {
  /** Every header of the message, in order, as postal-mime gives them. */
  headers: { key: string; value: string }[];
  /** The From address of the message (lower-cased), or null when it has none. */
  from: string | null;
  /** The receiving server's authserv-id, e.g. "mx.cloudflare.net". */
  authservId: string;
  /** The envelope sender (MAIL FROM) the worker was handed; SPF vouches for this one, so its domain must be the one checked. */
  envelopeFrom: string;
}

const says = (text: string): AuthVerdict => ({ passed: false, reason: normaliseText(text) });
const passes = (text: string): AuthVerdict => ({ passed: true, reason: normaliseText(text) });

/** Headers a receiving server adds below its own Received as it takes a message in. */
const RECEIVER_HEADERS = new Set([
  "arc-seal",
  "arc-message-signature",
  "arc-authentication-results",
  "received-spf",
  "authentication-results",
]);

/**
 * The block of headers the receiving server prepended: the Received at the very top and the run of
 * ARC, Received-SPF and Authentication-Results headers under it, up to the first header of another
 * kind or the next Received. Empty when the message does not begin with a Received header.
 */
export function receiverBlock<H extends { key: string }>(headers: H[]): H[] {
  if (headers[0]?.key !== "received") return [];
  let end = 1;
  while (end < headers.length && RECEIVER_HEADERS.has(headers[end].key)) end++;
  return headers.slice(0, end);
}

/** Whether the From domain passed at the trusted server, with the reason in words. */
export function authVerdict({ headers, from, authservId, envelopeFrom }: VerdictInput): AuthVerdict {
  const trusted = authservId.trim().toLowerCase();
  const server = trusted || "the receiving server";
  const own = trusted
    ? receiverBlock(headers)
        .filter((h) => h.key === "authentication-results")
        .map((h) => parseAuthenticationResults(h.value))
        .filter((r): r is AuthResults => r?.authservId === trusted)
    : [];
  if (own.length === 0)
    return says(
      `No Authentication-Results from ${server} among the headers it added on receipt, so the sender's domain could not be checked.`,
    );
  if (own.length > 1)
    return says(
      `${own.length} Authentication-Results headers from ${server} among the headers it added on receipt, where it writes one, so its own cannot be told from a forged one.`,
    );
  const found = own[0];
  if (!from || !from.includes("@")) return says("The message has no From address to check.");
  // DMARC is defined for one author; with two, which one passed is anyone's guess (RFC 7489 §6.6.1).
  const fromHeaders = headers.filter((h) => h.key === "from");
  if (fromHeaders.length > 1 || addressParser(fromHeaders[0]?.value ?? "", { flatten: true }).length > 1) {
    return says("The message names more than one author in From, so its sender cannot be checked.");
  }
  const fromDomain = domainOf(from);
  const of = (method: string) => found.results.filter((r) => r.method === method);

  // A pass vouches only for the domain it names; a failure that names none is still a failure.
  const dmarcPass = of("dmarc").find((r) => r.result === "pass" && r.props["header.from"] === fromDomain);
  if (dmarcPass) return passes(`DMARC passed for ${fromDomain} at ${server}.`);
  const dmarcFail = of("dmarc").find((r) => r.result === "fail" && (!r.props["header.from"] || r.props["header.from"] === fromDomain));
  if (dmarcFail) return says(`DMARC failed for ${fromDomain} at ${server}: the message may not be from who it says.`);

  const dkim = of("dkim").find((r) => {
    const d = r.props["header.d"] ?? (r.props["header.i"] ? domainOf(r.props["header.i"]) : "");
    return r.result === "pass" && d && aligned(d, fromDomain);
  });
  if (dkim)
    return passes(
      `DKIM passed for ${dkim.props["header.d"] ?? domainOf(dkim.props["header.i"])}, aligned with ${fromDomain}, at ${server}.`,
    );

  const envelopeDomain = envelopeFrom.includes("@") ? domainOf(envelopeFrom) : "";
  const spf = of("spf").find((r) => {
    const mailFrom = r.props["smtp.mailfrom"];
    if (r.result !== "pass" || !mailFrom) return false;
    const domain = domainOf(mailFrom);
    return aligned(domain, fromDomain) && (!envelopeDomain || domain === envelopeDomain);
  });
  if (spf) return passes(`SPF passed for ${domainOf(spf.props["smtp.mailfrom"])}, aligned with ${fromDomain}, at ${server}.`);

  const seen = found.results
    .filter((r) => ["dmarc", "dkim", "spf"].includes(r.method))
    .map((r) => `${r.method}=${r.result}`)
    .join(", ");
  return says(
    `Neither DMARC nor SPF or DKIM aligned with ${fromDomain} passed at ${server}${seen ? ` (it reported ${seen.slice(0, 200)})` : ""}.`,
  );
}
