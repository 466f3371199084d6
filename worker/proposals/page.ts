/**
 * The client's proposal page (/p/<token>, issue 23 §2), written here as one HTML document: no
 * script, its own small stylesheet, readable with JavaScript off and printable on A4. Everything
 * stored is plain text and goes through escapeHtml; the only structure made from it is paragraphs
 * (a blank line) and bullets (a line starting "- "), as decision 0020 says.
 */
import { lineAmount, vatIncludedIn, VAT_RATE_PERCENT, type InvoiceLine } from "../../contract/invoice";
import {
  ACCEPT_CHECKBOX_LABEL,
  type ProposalMessage,
  type ProposalResponse,
  type ProposalSection,
  type ProposalStatus,
} from "../../contract/proposal";
import type { StudioSettings } from "../../contract/settings";
import { formatGbp } from "../lib/money";
import { escapeHtml } from "../lib/safe-json";

/** What the client reads: the document, as the page shows it and as an acceptance keeps it. */
export interface ProposalContent {
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
}

/** A form on the page answered without JavaScript: what was typed and what is wrong with it. */
export interface AnswerFormState {
  which: AnswerForm;
  values: Record<string, string>;
  errors: Record<string, string>;
  problem?: string;
}
export type AnswerForm = "accept" | "decline" | "question";

export interface ProposalPageData {
  studio: StudioSettings;
  /** Where the studio answers: the studio inbox. */
  studioEmail: string;
  state: {
    status: ProposalStatus;
    content: ProposalContent;
    version: string;
    response: ProposalResponse | null;
    messages: ProposalMessage[];
  };
  /** Where the forms post (`/p/<token>`), or null in the studio's preview, where they do nothing. */
  actionBase: string | null;
  form?: AnswerFormState;
  /** Set after a question was sent: the page thanks the client for it. */
  questionSent?: boolean;
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
.card{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{font-weight:700;font-size:1.05rem;padding:0;margin-bottom:.5rem}
.field{margin:.75rem 0}
.field label{display:block;font-weight:600}
.field.check{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-start}
.field.check label{font-weight:400;flex:1}
.field.check input{width:1.25rem;height:1.25rem;margin-top:.2rem}
.field.check .error{flex-basis:100%}
input[type=text],textarea{display:block;width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #64748b;border-radius:.375rem;margin-top:.25rem}
[aria-invalid=true]{border-color:#b91c1c;outline-color:#b91c1c}
button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:.375rem;border:1px solid #0f172a;background:#fff;color:#0f172a;cursor:pointer}
button.primary{background:#b91c1c;border-color:#b91c1c;color:#fff}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
fieldset:disabled{opacity:.7}
summary{cursor:pointer;margin-top:1rem;font-weight:600}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.problems{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.problems h3{margin:0;font-size:1rem}
.answered{border-left:4px solid #475569;padding:.5rem 1rem;margin-top:2rem;background:#f8fafc}
.answered.accepted{border-color:#15803d}
.answered.declined{border-color:#b91c1c}
.answered h2{margin-top:0}
.preview{border:2px dashed #1d4ed8;border-radius:.5rem;padding:.75rem 1rem}
.messages{list-style:none;padding:0}
.messages li{border-left:3px solid #cbd5e1;padding:.25rem 1rem;margin:.75rem 0}
.messages li.studio{border-color:#b91c1c}
.done{color:#15803d;font-weight:600}
@media (max-width:30rem){table{font-size:.875rem}th,td{padding:.4rem .15rem}}
@media print{body{background:#fff}main{max-width:none;padding:0}a{color:inherit}form,details,.preview{display:none}@page{size:A4;margin:18mm}}
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

/** A moment in London, as the page says it: "26 November 2026". */
const londonDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));
const londonDateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

/** One answer form's pieces: its field ids, values and messages as the last post left them. */
function formParts(which: AnswerForm, data: ProposalPageData) {
  const mine = data.form?.which === which ? data.form : undefined;
  const value = (name: string) => escapeHtml(mine?.values[name] ?? "");
  const field = (name: string, label: string, control: (attrs: string) => string, hint?: string) => {
    const id = `${which}-${name}`;
    const error = mine?.errors[name];
    const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
    const attrs = `id="${id}" name="${name}"${described ? ` aria-describedby="${described}"` : ""}${error ? ' aria-invalid="true"' : ""}`;
    return `<div class="field"><label for="${id}">${label}</label>${hint ? `<p class="note" id="${id}-hint">${hint}</p>` : ""}${control(attrs)}${
      error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""
    }</div>`;
  };
  const problems = mine
    ? [
        ...(mine.problem ? [`<li>${escapeHtml(mine.problem)}</li>`] : []),
        ...Object.entries(mine.errors).map(([name, message]) => `<li><a href="#${which}-${name}">${escapeHtml(message)}</a></li>`),
      ]
    : [];
  const summary = problems.length
    ? `<div class="problems" role="alert" tabindex="-1" autofocus><h3>There is a problem</h3><ul>${problems.join("")}</ul></div>`
    : "";
  return { value, field, summary, invalid: (name: string) => !!mine?.errors[name] };
}

/** The forms: plain posts that answer with this page again (errors) or a redirect to it (done). */
function answerForms(data: ProposalPageData): string {
  const { state, actionBase } = data;
  const disabled = actionBase === null ? " disabled" : "";
  const action = (path: string) => (actionBase === null ? "" : ` action="${escapeHtml(`${actionBase}/${path}`)}"`);
  const version = `<input type="hidden" name="version" value="${escapeHtml(state.version)}">`;
  const accept = formParts("accept", data);
  const decline = formParts("decline", data);
  const declineOpen = data.form?.which === "decline" ? " open" : "";
  return `<section class="answer" id="answer" aria-labelledby="answer-heading">
<h2 id="answer-heading">Your answer</h2>
<form method="post"${action("accept")} class="card" novalidate><fieldset${disabled}>
<legend>Accept proposal</legend>
${accept.summary}${version}
${accept.field("full_name", "Full name", (a) => `<input ${a} type="text" autocomplete="name" maxlength="200" value="${accept.value("full_name")}">`)}
<div class="field check"><input id="accept-agree" name="agree" type="checkbox" value="yes"${accept.value("agree") === "yes" ? " checked" : ""}${
    accept.invalid("agree") ? ' aria-invalid="true" aria-describedby="accept-agree-error"' : ""
  }><label for="accept-agree">${ACCEPT_CHECKBOX_LABEL}</label>${
    data.form?.which === "accept" && data.form.errors.agree
      ? `<p class="error" id="accept-agree-error">${escapeHtml(data.form.errors.agree)}</p>`
      : ""
  }</div>
<button type="submit" class="primary">Accept proposal</button>
</fieldset></form>
<details${declineOpen}><summary>Decline this proposal</summary>
<form method="post"${action("decline")} class="card" novalidate><fieldset${disabled}>
<legend>Decline proposal</legend>
${decline.summary}${version}
${decline.field("full_name", "Full name", (a) => `<input ${a} type="text" autocomplete="name" maxlength="200" value="${decline.value("full_name")}">`)}
${decline.field("reason", "Reason (optional)", (a) => `<textarea ${a} rows="3" maxlength="2000">${decline.value("reason")}</textarea>`, "It helps us to know why.")}
<button type="submit">Decline proposal</button>
</fieldset></form>
</details>
</section>`;
}

function conversation(data: ProposalPageData): string {
  const { state, actionBase, studio } = data;
  const ask = formParts("question", data);
  const messages = state.messages.length
    ? `<ol class="messages">${state.messages
        .map(
          (m) =>
            `<li class="${m.author}"><p class="note"><strong>${escapeHtml(m.author === "studio" ? `${m.author_name}, ${studio.studio_name}` : m.author_name)}</strong> · <time datetime="${escapeHtml(m.created_at)}">${londonDateTime(m.created_at)}</time></p>${plainTextHtml(m.body)}</li>`,
        )
        .join("")}</ol>`
    : "";
  const sent = data.questionSent
    ? `<p class="done" role="status">Thank you. Your question has been sent; our answer will appear here.</p>`
    : "";
  return `<section id="questions" aria-labelledby="questions-heading">
<h2 id="questions-heading">Questions</h2>
${messages}${sent}
<form method="post"${actionBase === null ? "" : ` action="${escapeHtml(`${actionBase}/questions`)}"`} class="card" novalidate><fieldset${actionBase === null ? " disabled" : ""}>
<legend>Ask a question</legend>
${ask.summary}
${ask.field("author_name", "Your name", (a) => `<input ${a} type="text" autocomplete="name" maxlength="200" value="${ask.value("author_name")}">`)}
${ask.field("body", "Your question", (a) => `<textarea ${a} rows="4" maxlength="5000">${ask.value("body")}</textarea>`)}
<button type="submit">Send question</button>
</fieldset></form>
</section>`;
}

/** Where the proposal stands, above the forms: answered, or not open to an answer. */
function standing(data: ProposalPageData): string {
  const { response, status } = data.state;
  // An answer refused because the proposal was answered meanwhile: said above what it now shows.
  const refused =
    status !== "Sent" && data.form && data.form.which !== "question" && data.form.problem
      ? `<div class="problems" role="alert" tabindex="-1" autofocus><h3>There is a problem</h3><ul><li>${escapeHtml(data.form.problem)}</li></ul></div>`
      : "";
  return refused + answerSection(data, response, status);
}

function answerSection(data: ProposalPageData, response: ProposalResponse | null, status: ProposalStatus): string {
  if (response?.kind === "accepted")
    return `<section class="answered accepted" id="answer" role="status"><h2>Accepted</h2><p>Accepted by ${escapeHtml(response.full_name)} on ${londonDate(response.created_at)}.</p><p class="note">This is the version that was accepted. Thank you!</p></section>`;
  if (response?.kind === "declined")
    return `<section class="answered declined" id="answer" role="status"><h2>Declined</h2><p>Declined by ${escapeHtml(response.full_name)} on ${londonDate(response.created_at)}.</p>${
      response.reason ? `<p>Reason: ${escapeHtml(response.reason)}</p>` : ""
    }</section>`;
  if (status === "Sent") return answerForms(data);
  return `<section class="answered" id="answer" role="status"><p>This proposal ${
    status === "Draft" ? "is not open for an answer yet" : `has been ${status.toLowerCase()}`
  }. Please get in touch if you have any questions.</p></section>`;
}

/** The proposal as the client reads it, with their answer or the forms to give it. */
export function proposalPageHtml(data: ProposalPageData): string {
  const { studio, state } = data;
  const p = state.content;
  const meta = [p.preparedFor ? `Prepared for ${escapeHtml(p.preparedFor)}` : null, p.sent_date ? `sent ${longDate(p.sent_date)}` : null]
    .filter(Boolean)
    .join(", ");
  const body = [
    data.actionBase === null
      ? `<p class="preview" role="note"><strong>Preview.</strong> This is the page your client sees. Its forms do nothing here, and your visit is not counted as a view.</p>`
      : "",
    `<h1>${escapeHtml(p.title)}</h1>`,
    meta ? `<p class="meta">${meta}.</p>` : "",
    p.intro ? `<section aria-label="Introduction">${plainTextHtml(p.intro)}</section>` : "",
    ...p.sections.map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>${plainTextHtml(s.body)}</section>`),
    p.lines.length && p.value !== null ? `<section><h2>Price</h2>${linesTable(p.lines, p.value, studio)}</section>` : "",
    p.valid_until ? `<p><strong>Valid until ${longDate(p.valid_until)}.</strong></p>` : "",
    p.terms ? `<section><h2>Terms</h2>${plainTextHtml(p.terms)}</section>` : "",
    standing(data),
    conversation(data),
  ].join("\n");
  return documentPage(`${data.form ? "Error: " : ""}${p.title} – ${studio.studio_name}`, studio, body);
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
