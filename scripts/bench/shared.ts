/**
 * The pages a client opens from the studio's e-mail (issue 23 §5): a shared proposal accepted with
 * JavaScript off, timed from the click on Accept proposal to the page saying "Accepted by", on
 * fresh proposals made through the API so the demo's own stays waiting for its answer.
 */
import type { Browser } from "playwright";
import { apiClient } from "./api";

export interface AcceptResult {
  tries: number;
  worked: number;
  /** Click on Accept proposal → "Accepted by …" on screen, per try that worked. */
  ms: number[];
}

export async function measureAcceptWithoutJs(browser: Browser, base: string, cookie: string, tries: number): Promise<AcceptResult> {
  const call = apiClient(base, cookie);
  const result: AcceptResult = { tries, worked: 0, ms: [] };
  for (let i = 0; i < tries; i++) {
    const stamp = `${Date.now()}-${i}`;
    const { lead } = await call<{ lead: { id: string } }>("POST", "/api/crm/leads", { name: `Bench client ${stamp}` });
    const { proposal } = await call<{ proposal: { id: string } }>("POST", "/api/crm/proposals", {
      title: `Bench proposal ${stamp}`,
      lead_id: lead.id,
      lines: [{ description: "Website", quantity: 1, unit_price: 3600 }],
    });
    const { url } = await call<{ url: string }>("POST", `/api/crm/proposals/${proposal.id}/share`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.getByLabel("Full name").first().fill("Bench Client");
      await page.getByLabel("I accept this proposal and its terms").check();
      const clicked = performance.now();
      await page.getByRole("button", { name: "Accept proposal" }).click();
      await page.getByText(/^Accepted by Bench Client on /).waitFor({ timeout: 10_000 });
      const took = performance.now() - clicked;
      const after = await call<{ proposal: { status: string } }>("GET", `/api/crm/proposals/${proposal.id}`);
      const won = await call<{ lead: { status: string } }>("GET", `/api/crm/leads/${lead.id}`);
      if (after.proposal.status === "Accepted" && won.lead.status === "Won") {
        result.worked++;
        result.ms.push(took);
      }
    } catch {
      // Counted as not working: the row says how many of the tries did.
    } finally {
      await context.close();
    }
  }
  return result;
}
