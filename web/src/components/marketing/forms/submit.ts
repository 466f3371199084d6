/**
 * The public enquiry calls (contact, free redesign, valuation) through the typed API client, with
 * where the form was sent from: the page path and any utm_* parameters of the visit.
 */
import type { ContactInput, RedesignInput, ValuationInput } from "../../../../../contract/form-submission";
import { api, ok } from "../../../lib/api";

function origin(): { page: string; utm?: Record<string, string> } {
  const utm: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(window.location.search)) {
    if (key.startsWith("utm_") && key.length <= 40 && value) utm[key] = value.slice(0, 200);
  }
  return { page: window.location.pathname.slice(0, 300), ...(Object.keys(utm).length ? { utm } : {}) };
}

export const sendContact = (body: ContactInput) => ok(api.contact.$post({ json: { ...body, ...origin() } }));
export const sendRedesign = (body: RedesignInput) => ok(api.redesign.$post({ json: { ...body, ...origin() } }));
export const sendValuation = (body: ValuationInput) => ok(api.valuation.$post({ json: { ...body, ...origin() } }));
