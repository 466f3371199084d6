/**
 * The public enquiry calls (contact, free redesign, valuation) through the typed API client, with
 * where the form was sent from: the page path and the visit's campaign parameters the worker keeps.
 */
import type { ContactInput, RedesignInput, ValuationInput } from "@contract/form-submission";
import { UTM_VALUE_MAX, utmKeys } from "@contract/utm";
import { api, ok } from "@/lib/api";

function origin(): { page: string; utm?: Record<string, string> } {
  const utm: Record<string, string> = {};
  const params = new URLSearchParams(window.location.search);
  for (const key of utmKeys) {
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, UTM_VALUE_MAX);
  }
  return { page: window.location.pathname.slice(0, 300), ...(Object.keys(utm).length ? { utm } : {}) };
}

export const sendContact = (body: ContactInput) => ok(api.contact.$post({ json: { ...body, ...origin() } }));
export const sendRedesign = (body: RedesignInput) => ok(api.redesign.$post({ json: { ...body, ...origin() } }));
export const sendValuation = (body: ValuationInput) => ok(api.valuation.$post({ json: { ...body, ...origin() } }));
