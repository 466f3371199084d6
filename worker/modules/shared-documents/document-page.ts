/**
 * The client's documents as the worker writes them (a proposal's /p/<token>, an invoice's
 * /i/<token>): one HTML page each, no script, one small stylesheet, the studio's header, readable
 * with JavaScript off and printable on A4. Everything stored goes through escapeHtml; the only
 * structure made from stored text is paragraphs and bullets (decision 0020). Each page adds its
 * own few rules to the stylesheet here.
 */
import { lineAmount, vatIncludedIn, VAT_RATE_PERCENT, type InvoiceLine } from "../../../contract/invoice";
import type { StudioSettings } from "../../../contract/settings";
import { formatGbp } from "../../platform/money";
import { escapeHtml } from "../../platform/safe-json";

/** A calendar date (YYYY-MM-DD), as the pages say it: "31 December 2026". */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A moment in London, as the pages say it: "26 November 2026". */
export const londonDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

const shortFormat = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric" });
/** A calendar date (YYYY-MM-DD) as a status says it: "11 Dec 2026". */
export const shortDate = (date: string) => shortFormat("UTC").format(new Date(`${date}T00:00:00Z`));
/** A moment's day in London as a status says it: "3 Dec 2026". */
export const londonShortDate = (iso: string) => shortFormat("Europe/London").format(new Date(iso));
/** The calendar day after `date` (YYYY-MM-DD). */
export const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Plain text as HTML: a blank line between paragraphs, "- " lines as a list, other line breaks kept. */
export function plainTextHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split("\n"))
    .map((lines) => {
      const out: string[] = [];
      let bullets: string[] = [];
      let para: string[] = [];
      const flushBullets = () => {
        if (bullets.length) out.push(`<ul>${bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>`);
        bullets = [];
      };
      const flushPara = () => {
        if (para.length) out.push(`<p>${para.map(escapeHtml).join("<br>")}</p>`);
        para = [];
      };
      for (const line of lines) {
        const bullet = /^\s*[-•*]\s+(.*)$/.exec(line);
        if (bullet) {
          flushPara();
          bullets.push(bullet[1]);
        } else if (line.trim()) {
          flushBullets();
          para.push(line.trim());
        }
      }
      flushPara();
      flushBullets();
      return out.join("");
    })
    .join("");
}

/**
 * What every document page shares: the page, the studio's header, the lines table, notices, print.
 * A line, a title or a question can hold a link or an address, one long word: it breaks anywhere
 * rather than widen a phone's page (amounts and numbers never break: they are nowrap).
 */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:48rem;margin:0 auto;padding:2rem 1.25rem 4rem;background:#fff;overflow-wrap:anywhere}
header.studio{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;border-bottom:3px solid #b91c1c;padding-bottom:1rem;margin-bottom:2rem}
.studio-name{font-size:1.25rem;font-weight:700;margin:0}
.studio address{font-style:normal;white-space:pre-line;color:#475569;font-size:.875rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 .25rem}
h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta{color:#475569;margin:0 0 1.5rem}
ul{padding-left:1.25rem}
table{width:100%;border-collapse:collapse;margin-top:.5rem;font-variant-numeric:tabular-nums}
th,td{padding:.5rem .25rem;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
th.num,td.num{text-align:right;white-space:nowrap}
tfoot td{border-bottom:0}
tfoot tr.total td{font-weight:700;font-size:1.1rem;border-top:2px solid #0f172a}
.note{color:#475569;font-size:.875rem}
.each{display:block;color:#475569;font-size:.875rem;white-space:nowrap}
.summary{display:grid;gap:.5rem;justify-items:start;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem 1.25rem;margin:0 0 1.5rem;background:#f8fafc}
.summary p{margin:0}
.status{padding:.15rem .8rem;border:2px solid currentColor;border-radius:999px;font-weight:700;background:#fff}
.status.waiting{color:#1d4ed8;background:#eff6ff}
.status.late{color:#b91c1c;background:#fef2f2}
.status.done{color:#15803d;background:#f0fdf4}
.status.ended{color:#475569}
.summary .total{font-size:1.1rem}
.summary .total strong{font-size:1.5rem;white-space:nowrap;font-variant-numeric:tabular-nums}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.25rem}
a.button{display:inline-block;font-weight:600;padding:.6rem 1.1rem;border-radius:.375rem;border:1px solid #0f172a;background:#fff;color:#0f172a;text-decoration:none}
a.button.primary{background:#b91c1c;border-color:#b91c1c;color:#fff}
.notice{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem 1.25rem;margin-top:1rem}
a{color:#b91c1c}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
@media print{body{background:#fff}main{max-width:none;padding:0}a{color:inherit}.actions{display:none}.summary,.status{background:none}@page{size:A4;margin:18mm}}
`;

/** A complete page: the studio's header above `body`, with the page's own rules after the shared ones. */
export function documentPage(title: string, studio: StudioSettings, body: string, style = ""): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(`${title}, from ${studio.studio_name}.`)}">
<style>${STYLE}${style}</style>
</head>
<body>
<main>
<header class="studio">
<div><p class="studio-name">${escapeHtml(studio.studio_name)}</p>${studio.vat_number ? `<p class="note">VAT No. ${escapeHtml(studio.vat_number)}</p>` : ""}</div>
${studio.address ? `<address>${escapeHtml(studio.address)}</address>` : ""}
</header>
${body}
</main>
</body>
</html>`;
}

const quantity = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** How a line's price is worked out, as the client reads it: "2 × £450.00". */
export const eachText = (l: Pick<InvoiceLine, "quantity" | "unit_price">) => `${quantity.format(l.quantity)} × ${formatGbp(l.unit_price)}`;

/** Whether a document shows the VAT inside its total, and the note it carries instead when it has none for its client's sake. */
export interface VatShown {
  shown: boolean;
  note: string | null;
}

/**
 * The line items with the VAT inside the total when the studio is VAT-registered (decision 0005), and
 * the total. Each line says how it is worked out ("2 × £450.00") under its description rather than in
 * columns of its own, so a phone shows it as a desk does, in two columns that fit 320 px. A document
 * with no UK VAT for its client's sake says why where the VAT would be.
 */
export function linesTable(lines: InvoiceLine[], total: number, vatShown: VatShown): string {
  const vat = vatShown.shown ? vatIncludedIn(total) : null;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}<span class="each">${eachText(l)}</span></td><td class="num">${formatGbp(lineAmount(l))}</td></tr>`,
    )
    .join("");
  const sum = (label: string, amount: number, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><td>${label}</td><td class="num">${formatGbp(amount)}</td></tr>`;
  const vatRows = vat === null ? "" : sum("Net (excl. VAT)", total - vat) + sum(`VAT at ${VAT_RATE_PERCENT}%`, vat);
  return `<table>
<caption class="note" style="text-align:left">${vatShown.note ? escapeHtml(vatShown.note) : "Prices include VAT."}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${vatRows}${sum("Total", total, "total")}</tfoot>
</table>`;
}

/** Where a document stands, in the client's words, and how it looks: waiting on them, late, done, or no longer open. */
export interface DocumentStanding {
  text: string;
  tone: "waiting" | "late" | "done" | "ended";
}

/**
 * The top of a client's document, above everything else: where it stands ("Due 11 Dec 2026"), the
 * total, a line more if needed, and links down to what they can do (plain anchors: no script).
 */
export function summaryBox(s: {
  standing: DocumentStanding;
  total: number | null;
  vatIncluded: boolean;
  /** How the total is to be paid, on one line (a proposal's schedule): plain text. */
  schedule?: string;
  detail?: string;
  actions?: { href: string; label: string; primary?: boolean }[];
  actionsLabel?: string;
}): string {
  const total =
    s.total === null
      ? ""
      : `<p class="total">Total <strong>${formatGbp(s.total)}</strong>${s.vatIncluded ? ' <span class="note">including VAT</span>' : ""}</p>`;
  const actions = s.actions?.length
    ? `<nav class="actions" aria-label="${escapeHtml(s.actionsLabel ?? "What you can do")}">${s.actions
        .map((a) => `<a class="button${a.primary ? " primary" : ""}" href="${escapeHtml(a.href)}">${escapeHtml(a.label)}</a>`)
        .join("")}</nav>`
    : "";
  return `<section class="summary" aria-label="Summary">
<p class="status ${s.standing.tone}">${escapeHtml(s.standing.text)}</p>
${total}${s.schedule ? `<p>${escapeHtml(s.schedule)}</p>` : ""}${s.detail ? `<p class="note">${s.detail}</p>` : ""}${actions}
</section>`;
}

/** Why a link no longer opens its document: revoked or replaced (any document), or past a proposal's valid-until date. */
export type LinkEnded = { kind: "ended"; what: "proposal" | "invoice" } | { kind: "expired"; what: "proposal"; title: string };

/** What a link that no longer opens its document shows: why, and how to reach the studio. */
export function linkEndedHtml(ended: LinkEnded, studio: StudioSettings, studioEmail: string): string {
  const heading = ended.kind === "expired" ? `This ${ended.what} has expired` : "This link is no longer active";
  const why =
    ended.kind === "expired"
      ? `The ${ended.what} “${escapeHtml(ended.title)}” was valid until a date that has now passed.`
      : `The studio has withdrawn the link to this ${ended.what}, or sent a newer one.`;
  const body = `<h1>${heading}</h1>
<p>${why} Please get in touch and we will send you an up-to-date one.</p>
<div class="notice"><p><strong>${escapeHtml(studio.studio_name)}</strong><br>E-mail: <a href="mailto:${escapeHtml(studioEmail)}">${escapeHtml(studioEmail)}</a></p>${studio.address ? `<address>${escapeHtml(studio.address)}</address>` : ""}</div>`;
  return documentPage(`${heading} – ${studio.studio_name}`, studio, body);
}

/** What a network that has guessed at too many links is shown (429): when to try again, and how to reach the studio. */
export function linkLimitedHtml(message: string, studio: StudioSettings, studioEmail: string): string {
  const heading = "Too many attempts";
  const body = `<h1>${heading}</h1>
<p>${escapeHtml(message)} If you followed a link from us, please check that it arrived whole, or get in touch.</p>
<div class="notice"><p><strong>${escapeHtml(studio.studio_name)}</strong><br>E-mail: <a href="mailto:${escapeHtml(studioEmail)}">${escapeHtml(studioEmail)}</a></p></div>`;
  return documentPage(`${heading} – ${studio.studio_name}`, studio, body);
}
