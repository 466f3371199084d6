/**
 * The client's proposal page (/p/<token>, issue 23 §2), written here as one HTML document: no
 * script, its own small stylesheet, readable with JavaScript off and printable on A4. Everything
 * stored is plain text and goes through escapeHtml; the only structure made from it is paragraphs
 * (a blank line) and bullets (a line starting "- "), as decision 0020 says.
 */
import { lineAmount, vatIncludedIn, VAT_RATE_PERCENT, type InvoiceLine } from "../../contract/invoice";
import type { ProposalSection } from "../../contract/proposal";
import type { StudioSettings } from "../../contract/settings";
import { formatGbp } from "../lib/money";
import { escapeHtml } from "../lib/safe-json";

export interface ProposalPageData {
  studio: StudioSettings;
  /** Where the studio answers: the studio inbox. */
  studioEmail: string;
  proposal: {
    title: string;
    /** Who it is for: the client's or the lead's name. */
    preparedFor: string | null;
    intro: string | null;
    sections: ProposalSection[];
    lines: InvoiceLine[];
    value: number | null;
    valid_until: string | null;
    terms: string | null;
    sent_date: string | null;
  };
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${date}T00:00:00Z`),
  );

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

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:48rem;margin:0 auto;padding:2rem 1.25rem 4rem;background:#fff}
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
.notice{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem 1.25rem;margin-top:1rem}
a{color:#b91c1c}
@media (max-width:30rem){th.qty,td.qty{display:none}}
@media print{body{background:#fff}main{max-width:none;padding:0}a{color:inherit}@page{size:A4;margin:18mm}}
`;

/** A complete page: the studio's header above `body`. */
export function documentPage(title: string, studio: StudioSettings, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(`${title}, from ${studio.studio_name}.`)}">
<style>${STYLE}</style>
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

function linesTable(lines: InvoiceLine[], total: number, studio: StudioSettings): string {
  const vat = studio.vat_number ? vatIncludedIn(total) : null;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}</td><td class="num qty">${l.quantity}</td><td class="num qty">${formatGbp(l.unit_price)}</td><td class="num">${formatGbp(lineAmount(l))}</td></tr>`,
    )
    .join("");
  const vatRows =
    vat === null
      ? ""
      : `<tr><td colspan="3">Net (excl. VAT)</td><td class="num">${formatGbp(total - vat)}</td></tr>` +
        `<tr><td colspan="3">VAT at ${VAT_RATE_PERCENT}%</td><td class="num">${formatGbp(vat)}</td></tr>`;
  return `<table>
<caption class="note" style="text-align:left">Prices include VAT.</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num qty">Qty</th><th scope="col" class="num qty">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${vatRows}<tr class="total"><td colspan="3">Total</td><td class="num">${formatGbp(total)}</td></tr></tfoot>
</table>`;
}

/** The proposal as the client reads it. */
export function proposalPageHtml({ studio, proposal: p }: ProposalPageData): string {
  const meta = [p.preparedFor ? `Prepared for ${escapeHtml(p.preparedFor)}` : null, p.sent_date ? `sent ${longDate(p.sent_date)}` : null]
    .filter(Boolean)
    .join(", ");
  const body = [
    `<h1>${escapeHtml(p.title)}</h1>`,
    meta ? `<p class="meta">${meta}.</p>` : "",
    p.intro ? `<section aria-label="Introduction">${plainTextHtml(p.intro)}</section>` : "",
    ...p.sections.map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>${plainTextHtml(s.body)}</section>`),
    p.lines.length && p.value !== null ? `<section><h2>Price</h2>${linesTable(p.lines, p.value, studio)}</section>` : "",
    p.valid_until ? `<p><strong>Valid until ${longDate(p.valid_until)}.</strong></p>` : "",
    p.terms ? `<section><h2>Terms</h2>${plainTextHtml(p.terms)}</section>` : "",
  ].join("\n");
  return documentPage(`${p.title} – ${studio.studio_name}`, studio, body);
}

/** What a link that no longer opens its proposal shows: why, and how to reach the studio. */
export function linkEndedHtml(kind: "expired" | "ended", studio: StudioSettings, studioEmail: string, title?: string): string {
  const heading = kind === "expired" ? "This proposal has expired" : "This link is no longer active";
  const why =
    kind === "expired"
      ? `The proposal${title ? ` “${escapeHtml(title)}”` : ""} was valid until a date that has now passed.`
      : "The studio has withdrawn it, or sent a newer link.";
  const body = `<h1>${heading}</h1>
<p>${why} Please get in touch and we will send you an up-to-date one.</p>
<div class="notice"><p><strong>${escapeHtml(studio.studio_name)}</strong><br>E-mail: <a href="mailto:${escapeHtml(studioEmail)}">${escapeHtml(studioEmail)}</a></p>${studio.address ? `<address>${escapeHtml(studio.address)}</address>` : ""}</div>`;
  return documentPage(`${heading} – ${studio.studio_name}`, studio, body);
}
