/**
 * The client's pages read well on a phone and at a desk, with JavaScript on and off: where the
 * proposal or invoice stands in the client's words and its total on the first screen, the answers
 * (or How to pay) a tap away from the top, each line's quantity × price, an invoice number on one
 * line, nothing wider than the screen, and a paid invoice that asks for nothing. The pages carry no
 * script and the site's CSP, so the same page serves both.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { InvoiceInput } from "../../contract/invoice";
import type { ProposalInput } from "../../contract/proposal";
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectFits, expectStatus, LONG_WORDS, signIn, tag } from "./support";

const sizes = [
  { name: "phone", viewport: { width: 375, height: 812 } },
  { name: "desk", viewport: { width: 1280, height: 800 } },
] as const;
type Size = (typeof sizes)[number];

const longText = "We will work with you week by week, from the first sketch to the launch, and keep you told at every step. ".repeat(6);

async function sharedProposal(request: APIRequestContext, data: Partial<ProposalInput> = {}): Promise<{ url: string; title: string }> {
  const t = tag();
  const lead = await createLead(request, { name: "Olivia Bennett", company: `Bennett Interiors ${t}` });
  const title = data.title ?? `Interiors website ${t}`;
  const { crm } = api(request);
  const made = crm.proposals.$post({
    json: {
      title,
      lead_id: lead.id,
      intro: longText,
      sections: [
        { heading: "Scope", body: longText },
        { heading: "Timeline", body: longText },
      ],
      lines: [
        { description: "Design", quantity: 1, unit_price: 1800 },
        { description: "Extra pages", quantity: 2, unit_price: 450 },
      ],
      valid_until: "2099-12-31",
      ...data,
    },
  });
  const { proposal } = await expectStatus(made, 201);
  const shared = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);
  return { url: shared.url, title };
}

async function sharedInvoice(request: APIRequestContext, data: Partial<InvoiceInput>): Promise<{ url: string; number: string }> {
  const t = tag();
  const client = await createClient(request, { name: `Bennett Interiors ${t}` });
  const number = `INV-209912-${t}`;
  const { crm } = api(request);
  const made = crm.invoices.$post({
    json: {
      number,
      client_id: client.id,
      lines: [
        { description: "Design", quantity: 1, unit_price: 1800 },
        { description: "Extra pages", quantity: 2, unit_price: 450 },
      ],
      date: "2020-11-01",
      due_date: "2099-12-11",
      ...data,
    },
  });
  const { invoice } = await expectStatus(made, 201);
  const shared = await expectStatus(crm.invoices[":id"].share.$post({ param: { id: invoice.id } }), 201);
  return { url: shared.url, number };
}

/** The client's browser: no session, the size and the JavaScript setting under test. */
async function clientPage(browser: Browser, size: { viewport: { width: number; height: number } }, js: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, javaScriptEnabled: js });
  return context.newPage();
}

/** Opens a client's page: 200, the site's CSP, and no script of its own. */
async function openPage(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const csp = (await res!.allHeaders())["content-security-policy"];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("form-action 'self'");
  await expect(page.locator("script")).toHaveCount(0);
}

/** Within the first screen, without scrolling. */
async function onFirstScreen(page: Page, text: string | RegExp, size: Size) {
  const box = await page.getByText(text).first().boundingBox();
  expect(box, `${String(text)} shown`).not.toBeNull();
  expect(box!.y + box!.height, `${String(text)} on the first screen`).toBeLessThanOrEqual(size.viewport.height);
}

/** Nothing wider than the screen: the page, and each of its tables (a proposal's price and its payment schedule). */
async function fitsTheScreen(page: Page, size: Size) {
  for (const part of [page.locator("main"), ...(await page.getByRole("table").all())]) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
  }
}

for (const size of sizes)
  for (const js of [false, true]) {
    const how = `on a ${size.name}, JavaScript ${js ? "on" : "off"}`;

    test(`a proposal's page ${how}: where it stands, the total and the answers at the top, each line's quantity × price`, async ({
      browser,
      request,
    }) => {
      await signIn(request);
      const p = await sharedProposal(request);
      const page = await clientPage(browser, size, js);
      await openPage(page, p.url);

      await onFirstScreen(page, "Waiting for your answer", size);
      await onFirstScreen(page, "£2,700.00", size);
      const actions = page.getByRole("navigation", { name: "Answer this proposal" });
      await expect(actions.getByRole("link")).toHaveText(["Accept", "Decline", "Ask a question"]);
      const box = (await actions.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
      await expect(page.getByRole("row", { name: /^Extra pages\s*2 × £450\.00\s*£900\.00$/ })).toBeVisible();
      await fitsTheScreen(page, size);

      // Each link leads to its form.
      await actions.getByRole("link", { name: "Accept" }).click();
      await expect(page.locator("#accept-full_name")).toBeInViewport();
      await page.goto(p.url);
      await actions.getByRole("link", { name: "Ask a question" }).click();
      await expect(page.getByLabel("Your question")).toBeInViewport();
      await page.goto(p.url);
      await actions.getByRole("link", { name: "Decline" }).click();
      // Decline opens its form (a reload, no script needed) and shows it.
      await expect(page.getByLabel("Reason (optional)")).toBeInViewport();
      await page.locator("#decline-full_name").fill("Olivia Bennett");
      await page.getByRole("button", { name: "Decline proposal" }).click();
      await expect(page.getByText(/^Declined on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
      await onFirstScreen(page, /^Declined on /, size);
      await expect(page.getByRole("link", { name: "Accept", exact: true })).toHaveCount(0);
      await page.context().close();
    });

    test(`an invoice's page ${how}: due, overdue or paid in the client's words, its number on one line, a paid one asking for nothing`, async ({
      browser,
      request,
    }) => {
      await signIn(request);
      const due = await sharedInvoice(request, {});
      const page = await clientPage(browser, size, js);
      await openPage(page, due.url);
      await onFirstScreen(page, "Due 11 Dec 2099", size);
      await onFirstScreen(page, "£2,700.00", size);
      await onFirstScreen(page, "How to pay", size);
      // The number on one line, however narrow the screen: one line of the heading is about 35 px, two 70.
      const number = page.getByRole("heading", { level: 1 }).getByText(due.number, { exact: true });
      const { height, x, width } = (await number.boundingBox())!;
      expect(height).toBeLessThan(50);
      expect(x + width).toBeLessThanOrEqual(size.viewport.width);
      await expect(page.getByRole("row", { name: /^Extra pages\s*2 × £450\.00\s*£900\.00$/ })).toBeVisible();
      await fitsTheScreen(page, size);
      await page.getByRole("navigation", { name: "Paying this invoice" }).getByRole("link", { name: "How to pay" }).click();
      await expect(page.getByRole("heading", { name: "How to pay" })).toBeInViewport();

      const late = await sharedInvoice(request, { status: "Sent", due_date: "2020-12-11" });
      await openPage(page, late.url);
      await onFirstScreen(page, "Overdue since 12 Dec 2020", size);

      const paid = await sharedInvoice(request, { status: "Paid", due_date: "2020-12-11", paid_date: "2020-12-03" });
      await openPage(page, paid.url);
      await onFirstScreen(page, "Paid on 3 Dec 2020", size);
      await expect(page.getByText("Paid on 3 December 2020. Thank you.")).toBeVisible();
      for (const asking of ["How to pay", "Due date", "Please pay", "Overdue"]) await expect(page.getByText(asking)).toHaveCount(0);
      await page.context().close();
    });
  }

test("a link or an address in a proposal's or an invoice's words breaks rather than widen a 320 px phone", async ({ browser, request }) => {
  await signIn(request);
  const { email, url } = LONG_WORDS;
  const shared = await sharedProposal(request, {
    title: `Website for ${email}`,
    intro: `Today's site: ${url}`,
    sections: [{ heading: "Scope", body: `Everything under ${url}` }],
    lines: [{ description: `Rebuild ${url}`, quantity: 1, unit_price: 1800 }],
    terms: `Questions to ${email}`,
  });
  const invoice = await sharedInvoice(request, { lines: [{ description: `Rebuild ${url}`, quantity: 1, unit_price: 1800 }] });

  const page = await clientPage(browser, { viewport: { width: 320, height: 640 } }, false);
  for (const link of [shared.url, invoice.url]) {
    await openPage(page, link);
    await expect(page.getByText(`Rebuild ${url}`)).toBeVisible();
    await expectFits(page, 320, link);
  }
  await page.context().close();
});
