/** The bench's signed-in calls to the API, and the sample of real leads the API, load and cost sections use. */
import type { Lead } from "../../contract/lead";

/** A signed-in JSON caller; throws on any non-2xx answer. */
export function apiClient(base: string, cookie: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: base, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export interface LeadSample {
  leads: Lead[];
  /** Surnames of leads spread over the whole table, old and new: search orders by newest and stops at a few hits, so an old lead's name makes it read further. */
  terms: string[];
}

/** Leads from every part of the table (ten per thousand), for requests that need real ids and names. */
export async function sampleLeads(base: string, cookie: string): Promise<LeadSample> {
  const json = apiClient(base, cookie);
  const leads: Lead[] = [];
  const terms = new Set<string>();
  const { total } = await json<{ total: number }>("GET", "/api/crm/leads?limit=1");
  for (let offset = 0; offset < total; offset += Math.max(1, Math.floor(total / 10))) {
    const page = await json<{ leads: Lead[] }>("GET", `/api/crm/leads?limit=10&offset=${offset}`);
    leads.push(...page.leads);
    if (page.leads[0]) terms.add(page.leads[0].name.split(" ").at(-1)!);
  }
  if (leads.length < 2) throw new Error("the bench needs at least two leads");
  return { leads, terms: [...terms] };
}

/**
 * Two leads for the write benchmarks: one whose Deal Value can be typed (an open lead; a Won lead's
 * value is its accepted proposals' sum and refuses a typed one) and another for the workflow action,
 * so neither write makes the other's copy stale.
 */
export function writeTargets(sample: LeadSample): { patchTarget: Lead; workflowLead: Lead } {
  const patchTarget = sample.leads.find((l) => l.status !== "Won" && l.status !== "Lost");
  if (!patchTarget) throw new Error("the bench needs an open lead to edit");
  const workflowLead = sample.leads.find((l) => l.id !== patchTarget.id)!;
  return { patchTarget, workflowLead };
}
