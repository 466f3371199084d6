/**
 * The client's proposal page (/p/<token>), written here as one HTML document on the
 * shared document page (modules/shared-documents/document-page.ts): no script, readable with JavaScript off and
 * printable on A4, with the answer forms and the conversation this page adds. Everything stored is
 * plain text and goes through escapeHtml, as decision 0020 says.
 */
import type { InvoiceLine } from "../../../contract/invoice";
import {
  ACCEPT_CHECKBOX_LABEL,
  type ProposalMessage,
  type ProposalResponse,
  type ProposalSection,
  type ProposalStatus,
} from "../../../contract/proposal";
import type { StudioSettings } from "../../../contract/settings";
import type { PaymentSchedule } from "../../../contract/payment-schedule";
import { formatGbp } from "../../platform/money";
import { scheduleForClient, scheduleLine } from "./schedule-words";
import {
  documentPage,
  linesTable,
  londonDate,
  londonShortDate,
  longDate,
  plainTextHtml,
  shortDate,
  summaryBox,
  type DocumentStanding,
} from "./document-page";
import { escapeHtml } from "../../platform/safe-json";

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
  /** How it is to be paid; null only in a copy accepted before proposals had a schedule. */
  payment_schedule: PaymentSchedule | null;
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
  /** Set when the client chose Decline at the top: the decline form is open (no script to open it). */
  declineOpen?: boolean;
  /** Today in London: a Sent proposal past its valid-until date reads as Expired. */
  today: string;
}

/** The answer forms, the answered notes, the preview banner and the conversation. */
const PROPOSAL_STYLE = `
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
.schedule .each{white-space:normal}
@media print{form,details,.preview{display:none}}
`;

/** A moment in London with its time, as the conversation says it. */
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
  const declineOpen = data.form?.which === "decline" || data.declineOpen ? " open" : "";
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
<details id="decline"${declineOpen}><summary>Decline this proposal</summary>
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
    ? `<p class="done" role="status">Thank you. Your question has been sent; our answer will appear here, and we will e-mail it to you too.</p>`
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

/** Where the proposal stands, as the client would say it. */
function standingOf(data: ProposalPageData): DocumentStanding {
  const { status, response, content } = data.state;
  if (status === "Accepted")
    return { text: response?.kind === "accepted" ? `Accepted on ${londonShortDate(response.created_at)}` : "Accepted", tone: "done" };
  if (status === "Rejected")
    return { text: response?.kind === "declined" ? `Declined on ${londonShortDate(response.created_at)}` : "Declined", tone: "ended" };
  if (status === "Draft") return { text: "Not open for an answer yet", tone: "ended" };
  if (content.valid_until && content.valid_until < data.today) return { text: "Expired", tone: "ended" };
  return { text: "Waiting for your answer", tone: "waiting" };
}

/**
 * The summary at the top: where it stands, the total, until when it holds, and links down to the
 * answers. Decline reloads the page with its form open (a link, so it needs no script).
 */
function summary(data: ProposalPageData): string {
  const p = data.state.content;
  const standing = standingOf(data);
  const open = standing.text === "Waiting for your answer";
  const decline = data.actionBase === null ? "#decline" : `${data.actionBase}?answer=decline#decline`;
  return summaryBox({
    standing,
    total: p.value,
    vatIncluded: Boolean(data.studio.vat_number),
    schedule: p.payment_schedule ? scheduleLine(p.payment_schedule, p.value) : undefined,
    detail: open && p.valid_until ? `Valid until ${shortDate(p.valid_until)}` : undefined,
    actions: open
      ? [
          { href: "#answer", label: "Accept", primary: true },
          { href: decline, label: "Decline" },
          { href: "#questions", label: "Ask a question" },
        ]
      : [{ href: "#questions", label: "Ask a question" }],
    actionsLabel: "Answer this proposal",
  });
}

/**
 * The payment schedule: each instalment, its share and when it falls due, and its amount; two
 * columns, as the price table has, so a phone shows it whole.
 */
function scheduleSection(schedule: PaymentSchedule, total: number | null): string {
  const rows = scheduleForClient(schedule, total)
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.label)}<span class="each">${escapeHtml(i.percent && i.amount !== null ? `${i.percent} · ${i.due}` : i.due)}</span></td><td class="num">${
          i.amount === null ? escapeHtml(i.percent ?? "") : formatGbp(i.amount)
        }</td></tr>`,
    )
    .join("");
  return `<section aria-labelledby="schedule-heading"><h2 id="schedule-heading">Payment schedule</h2>
<table class="schedule"><thead><tr><th scope="col">Instalment</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
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
    summary(data),
    p.intro ? `<section aria-label="Introduction">${plainTextHtml(p.intro)}</section>` : "",
    ...p.sections.map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>${plainTextHtml(s.body)}</section>`),
    p.lines.length && p.value !== null
      ? `<section><h2>Price</h2>${linesTable(p.lines, p.value, { shown: Boolean(studio.vat_number), note: null })}</section>`
      : "",
    p.payment_schedule ? scheduleSection(p.payment_schedule, p.value) : "",
    p.valid_until ? `<p>This proposal is valid until ${longDate(p.valid_until)}.</p>` : "",
    p.terms ? `<section><h2>Terms</h2>${plainTextHtml(p.terms)}</section>` : "",
    standing(data),
    conversation(data),
  ].join("\n");
  return documentPage(`${data.form ? "Error: " : ""}${p.title} – ${studio.studio_name}`, studio, body, PROPOSAL_STYLE);
}
