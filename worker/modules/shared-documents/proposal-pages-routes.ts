/**
 * /p/<token>: the client's proposal page (worker/modules/shared-documents/proposal-page.ts), server-written, no script,
 * never indexed and never sending the link on as a referrer, and its three answers as plain form
 * posts: accept, decline, ask a question. A post that works is redirected to the page (303), one
 * that does not is answered with the page again, what was typed and each message beside its field.
 * A revoked or expired link says so (410) with the studio's contact details; an unknown one
 * answers 404, and too many unknown ones from a network 429. A client's GET counts a view, once a
 * visit; an answer and the page it is redirected to do not.
 */
import { Hono, type Context } from "hono";
import type * as z from "zod";
import type { ZodType } from "zod";
import type { AppEnv } from "../../env";
import { proposalAcceptInput, proposalDeclineInput, proposalQuestionInput, STALE_PROPOSAL_MESSAGE } from "../../../contract/proposal";
import { waitMessage } from "../../../contract/wait-message";
import { clientIp, coarseBrowser, senderOf } from "../../platform/client-info";
import { countLinkView, SHARED_PAGE_HEADERS, startLinkVisit } from "./shared-links";
import { fieldErrors } from "../../platform/validate";
import { londonToday } from "../../platform/time";
import { logLine } from "../../platform/log";
import { sameOriginOrOpaque } from "../../http/origin";
import { publicBodyLimit } from "../../http/body-limit";
import { toAppError } from "../../http/errors";
import { linkGonePage, linkLimitAsPage } from "./link-limit-page";
import { clientViewer, visitorKey } from "./link-visit";
import { proposalPageHtml, type AnswerForm, type AnswerFormState } from "./proposal-page";
import {
  acceptSharedProposal,
  askQuestion,
  declineSharedProposal,
  lookupLink,
  pageStateOf,
  type OpenLink,
  type Responder,
} from "./shared-proposals";
import { getStudioSettings } from "../settings";
import { publish } from "../live";

type Status = 200 | 404 | 409 | 410 | 422 | 429 | 500;
const page = (c: Context<AppEnv>, html: string, status: Status) => c.html(html, status, SHARED_PAGE_HEADERS);

/** The link, or the page that says why it does not open. */
async function openLink(c: Context<AppEnv>): Promise<{ link: OpenLink } | { response: Response }> {
  const lookup = await lookupLink(c.get("db"), c.req.param("token") ?? "", await visitorKey(c));
  return lookup.kind === "open" ? { link: lookup.link } : { response: await linkGonePage(c, "proposal", lookup) };
}

/** The page for an open link, with a form's state when a post is answered with it. */
async function renderPage(
  c: Context<AppEnv>,
  link: OpenLink,
  status: Status,
  extra: { form?: AnswerFormState; questionSent?: boolean; declineOpen?: boolean } = {},
) {
  const db = c.get("db");
  const [{ settings: studio }, state] = await Promise.all([
    getStudioSettings(db, c.env.STUDIO_NAME),
    pageStateOf(db, link.proposalId, link.status, link.content),
  ]);
  const actionBase = `/p/${c.req.param("token")}`;
  return page(c, proposalPageHtml({ studio, studioEmail: c.env.STUDIO_INBOX, state, actionBase, today: londonToday(), ...extra }), status);
}

/** Text fields only: a file or a repeated key can only come from a script. */
async function fieldsOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}));
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * One answer: the form parsed with its contract, then `run`, then a redirect to the page. Bad
 * input, a version edited since the page was read, or a limit reached: the page again, with the
 * message, and nothing stored.
 */
function answer<T extends ZodType>(
  which: AnswerForm,
  schema: T,
  run: (c: Context<AppEnv>, link: OpenLink, input: z.output<T>, who: Responder) => Promise<void>,
  done: string,
) {
  return async (c: Context<AppEnv>) => {
    const opened = await openLink(c);
    if ("response" in opened) return opened.response;
    const { link } = opened;
    // The answer is part of a visit: the page it is redirected to is not another view.
    await startLinkVisit(c.get("db"), link.linkId, await visitorKey(c));
    const values = await fieldsOf(c);
    const parsed = schema.safeParse(values);
    const form = (errors: Record<string, string>, problem?: string): AnswerFormState => ({ which, values, errors, problem });
    if (!parsed.success) {
      const { version, ...errors } = fieldErrors(parsed.error.issues);
      // A missing version is a page from before versions, or a hand-made post: review it again.
      return renderPage(c, link, 422, { form: form(errors, version ? STALE_PROPOSAL_MESSAGE : undefined) });
    }
    const ip = clientIp(c);
    const who: Responder = {
      sender: await senderOf(ip, c.env.SESSION_SECRET),
      browser: (c.req.header("user-agent") ?? coarseBrowser(undefined)).slice(0, 512),
      requestId: c.get("requestId"),
      origin: new URL(c.req.url).origin,
      pageUrl: `${new URL(c.req.url).origin}/p/${c.req.param("token")}`,
    };
    try {
      await run(c, link, parsed.data, who);
    } catch (err) {
      const known = toAppError(err);
      if (!known || known.status >= 500) logLine("error", { what: "proposal answer failed", which, error: String(err) });
      // Nothing was stored (the answer and its workflow are one batch): the client can simply try again.
      const problem =
        !known || known.status >= 500
          ? "Something went wrong and nothing was saved. Please try again."
          : known.code === "rate_limited"
            ? waitMessage(Number(known.headers?.["Retry-After"]) || undefined)
            : known.message;
      // Answered with the proposal as it now is: a stale acceptance shows the new version to review.
      const fresh = await openLink(c);
      if ("response" in fresh) return fresh.response;
      const res = await renderPage(c, fresh.link, (known?.status ?? 500) as Status, { form: form({}, problem) });
      for (const [name, value] of Object.entries(known?.headers ?? {})) res.headers.set(name, value);
      return res;
    }
    return c.redirect(`/p/${c.req.param("token")}${done}`, 303);
  };
}

export const proposalPages = new Hono<AppEnv>()
  .use("*", linkLimitAsPage)
  .get("/:token", async (c) => {
    const opened = await openLink(c);
    if ("response" in opened) return opened.response;
    const viewer = await clientViewer(c);
    if (viewer) await countLinkView(c.get("db"), "proposal", opened.link.linkId, viewer);
    return renderPage(c, opened.link, 200, {
      questionSent: c.req.query("sent") === "question",
      declineOpen: c.req.query("answer") === "decline",
    });
  })
  .use("/:token/*", sameOriginOrOpaque, publicBodyLimit)
  .post(
    "/:token/accept",
    answer(
      "accept",
      proposalAcceptInput,
      async (c, link, input, who) => {
        const result = await acceptSharedProposal(c.env, c.get("db"), link, input, who);
        if (result.created) announce(c, link, result);
      },
      "#answer",
    ),
  )
  .post(
    "/:token/decline",
    answer(
      "decline",
      proposalDeclineInput,
      async (c, link, input, who) => {
        const result = await declineSharedProposal(c.env, c.get("db"), link, input, who);
        if (result.created) announce(c, link, result);
      },
      "#answer",
    ),
  )
  .post(
    "/:token/questions",
    answer(
      "question",
      proposalQuestionInput,
      async (c, link, input, who) => {
        await askQuestion(c.env, c.get("db"), link, input, who);
        publish(c, { entity: "proposal_messages", op: "create", id: link.proposalId });
      },
      "?sent=question#questions",
    ),
  );

/** Every open CRM tab hears of an answer (a toast) and refreshes what it changed. */
function announce(
  c: Context<AppEnv>,
  link: OpenLink,
  result: { leadId: string | null; clientId: string | null; projectId: string | null; raised?: string[] },
) {
  publish(c, { entity: "proposal_responses", op: "create", id: link.proposalId });
  for (const id of result.raised ?? []) publish(c, { entity: "invoices", op: "create", id });
  if (result.leadId) {
    publish(c, { entity: "leads", op: "update", id: result.leadId });
    publish(c, { entity: "lead_activities", op: "create", id: result.leadId });
  }
  if (result.clientId) publish(c, { entity: "clients", op: "update", id: result.clientId });
  if (result.projectId) publish(c, { entity: "projects", op: "create", id: result.projectId });
}
