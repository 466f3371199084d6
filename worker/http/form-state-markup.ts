/**
 * The markup the worker adds to a public form it answers without JavaScript
 * (worker/http/native-form.ts). Plain strings, apart from HTMLRewriter, so the build can use them
 * too: Tailwind scans this file for its classes (web/src/styles.css) and the prerender keeps
 * their rules in each form page's inline CSS (scripts/prerender.ts).
 */
import { escapeHtml } from "../platform/safe-json";

/** The classes match those web/src/components/ui/field.tsx gives the same states. */
export const formStateMarkup = {
  fieldError: (id: string, message: string) => `<p id="${escapeHtml(id)}" class="text-sm text-red-700">${escapeHtml(message)}</p>`,
  summary: (items: { href?: string; message: string }[]) =>
    `<div id="form-problems" role="alert" tabindex="-1" autofocus class="rounded-lg border border-red-600 bg-red-50 p-4 text-sm text-red-800 focus-visible:outline-2 focus-visible:outline-red-600">` +
    `<h2 class="font-semibold">There is a problem</h2><ul class="mt-2 list-disc space-y-1 pl-5">` +
    items
      .map(({ href, message }) =>
        href ? `<li><a class="underline" href="${escapeHtml(href)}">${escapeHtml(message)}</a></li>` : `<li>${escapeHtml(message)}</li>`,
      )
      .join("") +
    `</ul></div>`,
};

/** Everything the markup above can show, for the critical-CSS step. */
export const FORM_STATE_SAMPLE =
  formStateMarkup.summary([{ href: "#x", message: "x" }]) +
  formStateMarkup.fieldError("x-error", "x") +
  // The invalid border of field.tsx's inputClass, which only an invalid field can match.
  `<input aria-invalid="true" class="aria-[invalid=true]:border-red-600" />`;
