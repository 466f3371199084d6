/**
 * A client answers a shared proposal on its page with JavaScript off (docs/decisions/0021-clients-answer-proposals.md), and the
 * studio's open CRM tab hears of it at once: accept, a stale version, decline, a question and the
 * studio's reply, and the staff preview.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoLinkToken } from "../../scripts/lib/local";
import type { ProposalInput } from "../../contract/proposal";
import { api, createLead, demo, expectStatus, latestMailTo, live, readLead, signIn, tag } from "./support";

interface Made {
  id: string;
  title: string;
  leadId: string;
}

/** A lead with a proposal, shared: its link for the client. */
async function sharedProposal(request: APIRequestContext, data: Partial<ProposalInput> = {}): Promise<Made & { url: string }> {
  const t = tag();
  const lead = await createLead(request, { name: `Answer Lead ${t}`, company: `Answer Co ${t}` });
  const title = `Answer proposal ${t}`;
  const { crm } = api(request);
  const made = crm.proposals.$post({
    json: { title, lead_id: lead.id, lines: [{ description: "Website", quantity: 1, unit_price: 3600 }], terms: "Half to start.", ...data },
  });
  const { proposal } = await expectStatus(made, 201);
  const shared = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);
  return { id: proposal.id, title, leadId: lead.id, url: shared.url };
}

/** The client: a browser of their own, with JavaScript off. */
async function clientWithoutJs(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: url.startsWith("/") ? test.info().project.use.baseURL : undefined,
  });
  const page = await context.newPage();
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  return page;
}

test("the client accepts with JavaScript off; every open CRM tab is told, and the deal moves on by itself", async ({ page, browser }) => {
  await signIn(page.request);
  const p = await sharedProposal(page.request);
  await live(page, `/crm/proposals?q=${encodeURIComponent(p.title)}`);
  const card = page.getByTestId("proposal-card").filter({ hasText: p.title });
  await expect(card.getByText("Sent", { exact: true })).toBeVisible();

  const client = await clientWithoutJs(browser, p.url);
  const answer = client.getByRole("region", { name: "Your answer" });
  await answer.getByRole("button", { name: "Accept proposal" }).click();
  // Nothing typed: the page comes back from the server with each message.
  await expect(client.getByRole("alert")).toContainText("Please type your full name");
  await expect(client.getByRole("alert")).toContainText("Please tick the box to accept the proposal");
  await client.getByLabel("Full name").first().fill("Jo Carter");
  await client.getByLabel("I accept this proposal and its terms").check();
  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByText(/^Accepted by Jo Carter on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await expect(client.getByRole("button", { name: "Accept proposal" })).toHaveCount(0);

  // The studio's tab, without a reload.
  await expect(page.getByText("Proposal accepted", { exact: true })).toBeVisible();
  await expect(page.getByText(`Jo Carter accepted "${p.title}".`)).toBeVisible();
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Jo Carter, \d{1,2} \w{3} \d{4}$/)).toBeVisible();

  // The workflow ran: lead Won and converted, a project in Discovery.
  const lead = await readLead(page.request, p.leadId);
  expect(lead.status).toBe("Won");
  expect(lead.converted_to_client_id).not.toBeNull();
  const projects = await expectStatus(api(page.request).crm.projects.$get({ query: {} }), 200);
  expect(projects.projects.filter((x) => x.lead_id === p.leadId).map((x) => x.stage)).toEqual(["Discovery"]);
  const mail = await latestMailTo(page.request, "hello@redbrickstudio.co.uk", p.title);
  expect(mail.subject).toContain(`accepted the proposal "${p.title}"`);
  await client.context().close();
});

test("an acceptance of a version the studio has since edited is refused, and the new version can be accepted", async ({
  request,
  browser,
}) => {
  await signIn(request);
  const p = await sharedProposal(request);
  const client = await clientWithoutJs(browser, p.url);
  await expect(client.getByText("£3,600.00").first()).toBeVisible();

  const proposal = api(request).crm.proposals[":id"];
  const param = { id: p.id };
  const current = await expectStatus(proposal.$get({ param }), 200);
  const edit = await proposal.$patch({
    param,
    json: { lines: [{ description: "Website", quantity: 1, unit_price: 3900 }], updated_at: current.proposal.updated_at },
  });
  expect(edit.status).toBe(200);

  await client.getByLabel("Full name").first().fill("Jo Carter");
  await client.getByLabel("I accept this proposal and its terms").check();
  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByRole("alert")).toContainText("This proposal has been updated. Please review it before accepting.");
  await expect(client.getByText("£3,900.00").first()).toBeVisible();
  const stillSent = await expectStatus(proposal.$get({ param }), 200);
  expect(stillSent.proposal.status).toBe("Sent");

  // The name is kept; a tick and a click accept the version now on screen.
  await expect(client.getByLabel("Full name").first()).toHaveValue("Jo Carter");
  await client.getByLabel("I accept this proposal and its terms").check();
  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByText(/^Accepted by Jo Carter on/)).toBeVisible();
  await expect(client.getByText("£3,900.00").first()).toBeVisible();
  await client.context().close();
});

test("the client declines with a reason, or asks a question the studio answers on the page", async ({ page, browser }) => {
  await signIn(page.request);
  const declined = await sharedProposal(page.request);
  const asked = await sharedProposal(page.request);
  await live(page, "/crm/proposals");

  const client = await clientWithoutJs(browser, declined.url);
  await client.getByText("Decline this proposal").click();
  const declineForm = client.getByRole("group", { name: "Decline proposal" });
  await declineForm.getByLabel("Full name").fill("Sam Patel");
  await declineForm.getByLabel("Reason (optional)").fill("We have chosen another studio.");
  await declineForm.getByRole("button", { name: "Decline proposal" }).click();
  await expect(client.getByText(/^Declined by Sam Patel on/)).toBeVisible();
  await expect(client.getByText("Reason: We have chosen another studio.")).toBeVisible();
  await expect(page.getByText(`Sam Patel declined "${declined.title}".`)).toBeVisible();
  const declinedCard = page.getByTestId("proposal-card").filter({ hasText: declined.title });
  await expect(declinedCard.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(declinedCard.getByText("We have chosen another studio.")).toBeVisible();

  // A question, with JavaScript off; the studio's tab is told and replies from the proposal's View.
  await client.goto(asked.url);
  const ask = client.getByRole("group", { name: "Ask a question" });
  await ask.getByLabel("Your name").fill("Sam Patel");
  await ask.getByLabel("Your question").fill("Can we start in March?");
  await ask.getByRole("button", { name: "Send question" }).click();
  await expect(client.getByText("Your question has been sent")).toBeVisible();
  await expect(page.getByText(`Sam Patel asked about "${asked.title}".`)).toBeVisible();

  const askedCard = page.getByTestId("proposal-card").filter({ hasText: asked.title });
  await askedCard.getByRole("button", { name: `View ${asked.title}` }).click();
  const view = page.getByRole("dialog", { name: asked.title });
  await expect(view.getByTestId("proposal-messages")).toContainText("Can we start in March?");
  await view.getByRole("button", { name: "Send reply" }).click();
  await expect(view.getByText("Reply is required")).toBeVisible();
  await view.getByLabel("Reply to the client").fill("Yes, the 2nd of March works.");
  await view.getByRole("button", { name: "Send reply" }).click();
  await expect(view.getByTestId("proposal-messages")).toContainText("Yes, the 2nd of March works.");
  await client.reload();
  await expect(client.getByText("Yes, the 2nd of March works.")).toBeVisible();
  await client.context().close();
});

test("the studio's reply reaches the client by e-mail with their link; one that cannot go says why in the CRM", async ({
  ownerTab: page,
  request,
}) => {
  const t = tag();
  const to = `olivia.${t}@example.com`;
  const ask = async (lead: { id: string }, title: string) => {
    const { crm } = api(page.request);
    const made = crm.proposals.$post({
      json: { title, lead_id: lead.id, lines: [{ description: "Website", quantity: 1, unit_price: 3600 }] },
    });
    const { proposal } = await expectStatus(made, 201);
    const { url } = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);
    // The client asks on their page, as its form posts it (the form itself is tried above).
    const asked = await request.post(`${new URL(url).pathname}/questions`, {
      form: { author_name: "Olivia Marsh", body: "Is hosting included?" },
      maxRedirects: 0,
    });
    expect(asked.status()).toBe(303);
    return url;
  };
  const reply = async (title: string, body: string) => {
    await page.goto(`/crm/proposals?q=${encodeURIComponent(title)}`);
    await page
      .getByTestId("proposal-card")
      .filter({ hasText: title })
      .getByRole("button", { name: `View ${title}` })
      .click();
    const view = page.getByRole("dialog", { name: title });
    await expect(view.getByLabel("Reply to the client")).toBeVisible();
    await expect(view.getByText("Shown on their proposal page and e-mailed to them with their link.")).toBeVisible();
    await view.getByLabel("Reply to the client").fill(body);
    await view.getByRole("button", { name: "Send reply" }).click();
    return view;
  };

  const mailed = `Mailed answer ${t}`;
  const url = await ask(await createLead(page.request, { name: "Olivia Marsh", company: `Marsh Interiors ${t}`, email: to }), mailed);
  const view = await reply(mailed, "Yes, for the first year.");
  await expect(page.getByText("Reply sent")).toBeVisible();
  await expect(view.getByText("E-mail to the client failed.")).toHaveCount(0);
  const mail = await latestMailTo(page.request, to, mailed);
  expect(mail.subject).toBe(`Your question about "${mailed}"`);
  expect(mail.text.startsWith("Hello Olivia,\n\n")).toBe(true);
  expect(mail.text).toContain("You asked:\nIs hosting included?\n\nOur answer:\nYes, for the first year.\n");
  expect(mail.text).toContain(url);

  // No address for the lead anywhere: the reply is on their page, and the CRM says it was not e-mailed and why.
  const unmailed = `Unmailed answer ${t}`;
  await ask(await createLead(page.request, { name: "Olivia Marsh", company: `Marsh Homes ${t}` }), unmailed);
  const failed = await reply(unmailed, "Yes.");
  await expect(page.getByText("Reply saved, but the e-mail to the client failed")).toBeVisible();
  await expect(failed.getByText("E-mail to the client failed.")).toBeVisible();
  await expect(failed.getByText(/The CRM has no e-mail address for this client/)).toBeVisible();
  await expect(failed.getByRole("button", { name: /^Resend the e-mail of the reply sent / })).toBeVisible();
});

test("Preview opens the client's page for staff, with inert forms, and counts no view", async ({ page, context }) => {
  await signIn(page.request);
  const p = await sharedProposal(page.request);
  await page.goto(`/crm/proposals?q=${encodeURIComponent(p.title)}`);
  const card = page.getByTestId("proposal-card").filter({ hasText: p.title });
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    card.getByRole("link", { name: `Preview ${p.title} as the client sees it (opens in a new tab)` }).click(),
  ]);
  await expect(preview.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
  await expect(preview.getByText("This is the page your client sees")).toBeVisible();
  await expect(preview.getByRole("button", { name: "Accept proposal" })).toBeDisabled();
  await expect(card.getByText("Not yet")).toBeVisible();
});

test("the demo's shared proposal, whose link `npm run dev` prints, opens with its question and the studio's answer", async ({
  ownerTab: page,
  browser,
}) => {
  const client = await clientWithoutJs(browser, `/p/${demoLinkToken("proposal", demo.SESSION_SECRET)}`);
  await expect(client.getByRole("heading", { level: 1, name: "Proposal for Sophie Turner" })).toBeVisible();
  await expect(client.getByRole("heading", { name: "Scope" })).toBeVisible();
  await expect(client.getByText("Could phase one be live before our January intake?")).toBeVisible();
  await expect(client.getByText(/Yes: with a go-ahead this week/)).toBeVisible();
  await expect(client.getByRole("button", { name: "Accept proposal" })).toBeEnabled();
  await client.context().close();

  await page.goto(`/crm/proposals?q=${encodeURIComponent("Proposal for Sophie Turner")}`);
  const card = page.getByTestId("proposal-card").filter({ hasText: "Proposal for Sophie Turner" });
  await expect(card.getByText(/^(Once|\d+ times) · /)).toBeVisible();
  await expect(card.getByText("Questions")).toBeVisible();
});

test("an expired link and a revoked one each show the client why, with the studio's contact details", async ({ request, browser }) => {
  await signIn(request);
  const expired = await sharedProposal(request, { valid_until: "2020-01-31" });
  const revoked = await sharedProposal(request);
  expect((await api(request).crm.proposals[":id"].share.$delete({ param: { id: revoked.id } })).status).toBe(200);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const client = await context.newPage();
  expect((await client.goto(expired.url))?.status()).toBe(410);
  await expect(client.getByRole("heading", { name: "This proposal has expired" })).toBeVisible();
  await expect(client.getByRole("link", { name: "hello@redbrickstudio.co.uk" })).toHaveAttribute(
    "href",
    "mailto:hello@redbrickstudio.co.uk",
  );
  expect((await client.goto(revoked.url))?.status()).toBe(410);
  await expect(client.getByRole("heading", { name: "This link is no longer active" })).toBeVisible();
  await expect(client.getByRole("button", { name: "Accept proposal" })).toHaveCount(0);
  await context.close();
});
