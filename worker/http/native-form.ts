/**
 * Public forms posted by the browser itself: before React has hydrated, or with JavaScript off
 * or failed. They reach the same endpoints as the JSON calls; `nativeForm` hands the route its
 * fields as the JSON it already validates (one schema, one storage path, one limit), then
 * answers as a browser expects: `303 See Other` to the page's success state, or the page again
 * (422) with what was typed and each message beside its field. That page is the prerendered
 * one, rewritten here, and carries no scripts: whoever needed it had none running.
 */
import type { Element as PageElement } from "@cloudflare/workers-types";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { utmKeys } from "../../contract/utm";
import { toAppError } from "./errors";
import { formStateMarkup } from "./form-state-markup";
import { fetchAsset, notFoundPage } from "./assets";
import { waitMessage } from "../../contract/wait-message";

/** The body types an HTML form sends. */
const FORM_MEDIA_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)$/i;

export const isNativeForm = (header: string | undefined) => FORM_MEDIA_TYPE.test((header ?? "").split(";")[0].trim());

/** A public page holding a form, and where that form's success state is. */
export interface FormPage {
  /** The prerendered page the form is on. */
  path: string;
  /** The form's `action`: picks the form out of its page. */
  action: string;
  /** Where a browser is sent after success (no personal data in it), or how to read it from the route's answer. */
  sent: string | ((answer: unknown) => string);
  /** The field a failure that is not about any one field is shown beside (the preview's code). */
  problemField?: string;
  /** An enquiry records where it was sent from (page and campaign); sign-in and codes do not. */
  recordsOrigin?: boolean;
  /** What the page writes in on each request besides the form (the booking page's free times), given what was posted. */
  live?: (c: Context<AppEnv>, page: Response, values: Record<string, string>) => Promise<Response>;
}

/** What the server answers a native post with, beside the fields. */
export interface FormState {
  values: Record<string, string>;
  /** Field name → message (the contract's words). */
  errors: Record<string, string>;
  /** A message for the whole form, when the failure is not about one field. */
  problem?: string;
}

/** Text fields only: a file or repeated key in a public form can only come from a script. */
async function fieldsOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * Where the form was sent from, for the stored submission: the Referer, when it is this site
 * (browsers send the whole same-origin URL under our Referrer-Policy), else the form's page.
 */
function originOf(c: Context<AppEnv>, page: FormPage): { page: string; utm?: Record<string, string> } {
  const referer = c.req.header("referer");
  try {
    const url = referer ? new URL(referer) : undefined;
    if (!url || url.origin !== new URL(c.req.url).origin) return { page: page.path };
    const utm: Record<string, string> = {};
    for (const key of utmKeys) {
      const value = url.searchParams.get(key);
      if (value) utm[key] = value;
    }
    return { page: url.pathname, ...(Object.keys(utm).length ? { utm } : {}) };
  } catch {
    return { page: page.path };
  }
}

/**
 * For native form posts: re-presents the fields to the route as a JSON body (the route and its
 * validator are unchanged), then turns the route's answer into a browser's: 303 on success,
 * the re-rendered page on failure. JSON requests pass straight through.
 */
export const nativeForm = (pageOf: FormPage | ((c: Context<AppEnv>) => FormPage)) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!isNativeForm(c.req.header("content-type"))) return next();
    const page = typeof pageOf === "function" ? pageOf(c) : pageOf;
    const values = await fieldsOf(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    c.req.raw = new Request(c.req.raw.url, {
      method: "POST",
      headers,
      body: JSON.stringify(page.recordsOrigin ? { ...values, ...originOf(c, page) } : values),
    });
    c.req.bodyCache = {};
    await next();
    if (!c.error && c.res.ok) {
      const location = typeof page.sent === "string" ? page.sent : page.sent(await c.res.clone().json());
      const redirect = new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
      // What the route granted (the preview's unlock cookie) goes with the redirect.
      for (const cookie of c.res.headers.getSetCookie()) redirect.headers.append("Set-Cookie", cookie);
      c.res = redirect;
      return;
    }
    const failure = await failureOf(c);
    const { status, errors, problem } = failure;
    const state: FormState =
      problem && page.problemField ? { values, errors: { [page.problemField]: problem } } : { values, errors, problem };
    c.res = await renderFormPage(c, page, state, status, failure.headers);
  });

const GENERIC_PROBLEM = "Something went wrong. Please try again.";

/** The route's failure, thrown (AppError) or answered (an error envelope), in a person's words. */
async function failureOf(c: Context<AppEnv>) {
  const known = toAppError(c.error);
  if (known) {
    const errors = known.code === "validation_failed" ? (known.fields ?? {}) : {};
    const retryAfter = Number(known.headers?.["Retry-After"]) || undefined;
    const problem = Object.keys(errors).length
      ? undefined
      : known.code === "rate_limited"
        ? waitMessage(retryAfter)
        : known.code === "internal"
          ? GENERIC_PROBLEM
          : known.message;
    return { status: known.status, errors, problem, headers: known.headers };
  }
  if (c.error) return { status: 500, errors: {}, problem: GENERIC_PROBLEM };
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: string } } | null;
  return { status: c.res.status, errors: {}, problem: body?.error?.message ?? GENERIC_PROBLEM };
}

/** The prerendered page with the form filled in as posted and its messages shown. */
export async function renderFormPage(
  c: Context<AppEnv>,
  page: FormPage,
  state: FormState,
  status: number,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const asset = await fetchAsset(c, page.path);
  // A form for a page that does not exist (a made-up preview id): the not-found page.
  if (!asset.ok) return notFoundPage(c);
  const form = `form[action="${page.action}"]`;
  /** Field name → control id, in document order, for the summary's links. */
  const ids = new Map<string, string>();
  const firstInvalid: string[] = [];

  const control = (el: PageElement, kind: "input" | "textarea" | "select") => {
    const name = el.getAttribute("name");
    if (!name) return;
    const id = el.getAttribute("id") ?? "";
    ids.set(name, id);
    const value = state.values[name];
    // setAttribute escapes quotes but not "&": unescaped, a typed "&lt;" would come back as "<".
    if (value !== undefined && kind === "input" && el.getAttribute("type") !== "password")
      el.setAttribute("value", value.replace(/&/g, "&amp;"));
    if (value !== undefined && kind === "textarea") el.setInnerContent(value);
    const message = state.errors[name];
    if (!message || !id) return;
    firstInvalid.push(name);
    el.setAttribute("aria-invalid", "true");
    const described = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((d) => d && d !== `${id}-error`);
    el.setAttribute("aria-describedby", [...described, `${id}-error`].join(" "));
    el.after(formStateMarkup.fieldError(`${id}-error`, message), { html: true });
  };

  // Unguessable, so nothing typed into a field can stand in for it.
  const placeholder = `<!--form-problems-${crypto.randomUUID()}-->`;
  let selectValue: string | undefined;
  const rewritten = new HTMLRewriter()
    // Nobody who needs this page has scripts running; the page works without them.
    .on("script#page-boot", { element: (el) => void el.remove() })
    .on("script:not([src]):not([type])", { element: (el) => void el.remove() })
    .on("title", {
      element: (el) => void el.prepend("Error: "),
    })
    .on(`${form} input`, { element: (el) => control(el, "input") })
    .on(`${form} textarea`, { element: (el) => control(el, "textarea") })
    .on(`${form} select`, {
      element: (el) => {
        selectValue = state.values[el.getAttribute("name") ?? ""];
        control(el, "select");
      },
    })
    .on(`${form} option`, {
      element: (el) => {
        if (selectValue === undefined) return;
        if (el.getAttribute("value") === selectValue) el.setAttribute("selected", "");
        else el.removeAttribute("selected");
      },
    })
    // The summary goes first in the form, but its links need the ids of fields not yet read:
    // a placeholder now, filled once the whole page has streamed through.
    .on(form, { element: (el) => void el.prepend(placeholder, { html: true }) })
    // The asset's Response is workerd's; under the web's tsconfig (which follows AppType here) it is the DOM's.
    .transform(asset as never);

  const html = await (rewritten as unknown as Response).text();
  const items = state.problem
    ? [{ message: state.problem }]
    : [
        ...firstInvalid.map((name) => ({ href: `#${ids.get(name)}`, message: state.errors[name] })),
        // A message for a field the form does not show (should not happen) is still said.
        ...Object.entries(state.errors)
          .filter(([name]) => !ids.has(name))
          .map(([, message]) => ({ message })),
      ];
  const body = html.replace(placeholder, () => formStateMarkup.summary(items));
  const answer = new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...extraHeaders },
  });
  return page.live ? page.live(c, answer, state.values) : answer;
}
