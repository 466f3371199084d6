/**
 * Send (docs/decisions/0024-mail-cloudflare-refuses.md): Share e-mails a proposal's or an invoice's link to the client's address from
 * the CRM, and the mail arrives (wrangler's local capture) with the studio's message, the amount and
 * the link, which opens the client's page. The card then says whom it was e-mailed to.
 */
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectStatus, latestMailTo, signIn, tag } from "./support";

test("Share e-mails a proposal's link to the lead's address, greeting them by first name; it arrives and opens the proposal", async ({
  ownerTab: page,
  browser,
}) => {
  const t = tag();
  const to = `sophie.${t}@example.com`;
  const lead = await createLead(page.request, { name: "Sophie Marsh", company: `Marsh Yoga ${t}`, email: to });
  const title = `Yoga studio website ${t}`;
  const made = await api(page.request).crm.proposals.$post({
    json: { title, lead_id: lead.id, lines: [{ description: "Website", quantity: 1, unit_price: 3600 }] },
  });
  expect(made.status).toBe(201);

  await page.goto("/crm/proposals");
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await card.getByRole("button", { name: `Share ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${title}` });
  // The lead's address is offered, and the studio's words, which can be changed.
  await expect(dialog.getByLabel("Send to")).toHaveValue(to);
  // The CRM's e-mail greets them itself, so the message offered starts with the studio's words.
  await expect(dialog.getByLabel("Message")).toHaveValue(/^Thank you for your time\./);
  await dialog.getByLabel("Message").fill("As promised, here is our proposal.");
  await dialog.getByRole("button", { name: "E-mail link" }).click();

  await expect(dialog.getByRole("status")).toHaveText(`E-mailed to ${to}.`);
  await expect(page.getByText(`Link e-mailed to ${to}; the proposal is now Sent`)).toBeVisible();
  const url = await dialog.getByLabel("Link to the proposal").inputValue();
  expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);

  const mail = await latestMailTo(page.request, to, title);
  expect(mail.subject).toBe(`Proposal: ${title}`);
  expect(mail.text.startsWith("Hello Sophie,\n\nAs promised, here is our proposal.\n")).toBe(true);
  expect(mail.text).toContain("Total: £3,600.00");
  const link = /https?:\/\/\S+\/p\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBe(url);

  // The client follows the link in the mail, in a browser of their own with JavaScript off.
  const client = await browser.newContext({ javaScriptEnabled: false });
  const clientPage = await client.newPage();
  expect((await clientPage.goto(link!))?.status()).toBe(200);
  await expect(clientPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await client.close();

  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(card.getByText("Sent", { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`^${to.replace(/[.]/g, "\\.")}, \\d{1,2} \\w{3} \\d{4}$`))).toBeVisible();

  // Sending again replaces the link: the address is checked before anything is asked or made.
  await card.getByRole("button", { name: `Share ${title}` }).click();
  await expect(dialog.getByTestId("share-status")).toContainText(`e-mailed to ${to}`);
  await dialog.getByLabel("Send to").fill("sophie at example");
  await dialog.getByRole("button", { name: "E-mail a new link" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "E-mail a new link?" })).toHaveCount(0);
});

test("Share e-mails an invoice's link to the client's first address, with the amount in pounds", async ({ ownerTab: page }) => {
  const t = tag();
  const to = `accounts.${t}@example.com`;
  const clientId = (await createClient(page.request, { name: `Mail Client ${t}`, emails: [to] })).id;
  const number = `INV-MAIL-${t}`;
  const made = await api(page.request).crm.invoices.$post({
    json: {
      number,
      client_id: clientId,
      lines: [{ description: "Website build", quantity: 2, unit_price: 1200.5 }],
      date: "2026-11-01",
      due_date: "2099-12-15",
    },
  });
  expect(made.status).toBe(201);

  await page.goto("/crm/invoices");
  const card = page.getByTestId("invoice-card").filter({ hasText: number });
  await card.getByRole("button", { name: `Share ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${number}` });
  await expect(dialog.getByLabel("Send to")).toHaveValue(to);
  await dialog.getByRole("button", { name: "E-mail link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`E-mailed to ${to}.`);
  const url = await dialog.getByLabel("Link to the invoice").inputValue();

  const mail = await latestMailTo(page.request, to, number);
  expect(mail.subject).toBe(`Invoice ${number}`);
  expect(mail.text).toContain(`Invoice ${number}\nAmount: £2,401.00\nDue on 15 Dec 2099`);
  expect(mail.text).toContain(url);
});

test("Send holds back an address that isn't the client's until it is ticked, and past 20 sends an hour says when the next can go", async ({
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  // A colleague of the test's own, so the hour's allowance it uses up is nobody else's.
  await signIn(request);
  const t = tag();
  const colleague = `sender.${t}@redbrickstudio.co.uk`;
  expect((await api(request).crm.users.invites.$post({ json: { email: colleague, role: "Sales" } })).status).toBe(201);
  const token = /#token=([A-Za-z0-9_-]+)/.exec((await latestMailTo(request, colleague)).text)![1];
  const context = await browser.newContext();
  const accepted = await api(context.request).auth["accept-invite"].$post({
    json: { token, full_name: "Sam Sender", password: `a-long-password-${t}` },
  });
  expect(accepted.status).toBe(201);
  const sales = await context.newPage();

  const own = `accounts.${t}@example.com`;
  const { crm } = api(sales.request);
  const clientId = (await createClient(sales.request, { name: `Tick Client ${t}`, emails: [own] })).id;
  const number = `INV-TICK-${t}`;
  const made = crm.invoices.$post({ json: { number, client_id: clientId, total: 480, date: "2026-11-01", due_date: "2099-12-15" } });
  const invoiceId = (await expectStatus(made, 201)).invoice.id;

  await sales.goto("/crm/invoices");
  const card = sales.getByTestId("invoice-card").filter({ hasText: number });
  await card.getByRole("button", { name: `Share ${number}` }).click();
  const dialog = sales.getByRole("dialog", { name: `Share ${number}` });
  const outsider = `someone.${t}@elsewhere.example`;
  await dialog.getByLabel("Send to").fill(outsider);
  await dialog.getByRole("button", { name: "E-mail link" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`${outsider} is not one of this client's addresses.`);
  const tick = dialog.getByLabel(`Send it to ${outsider} anyway`);
  await expect(tick).toBeFocused();
  // Another address is another question: the tick goes with the address it was asked about.
  await dialog.getByLabel("Send to").fill(own);
  await expect(tick).toHaveCount(0);
  await dialog.getByLabel("Send to").fill(outsider);
  await tick.check();
  await dialog.getByRole("button", { name: "E-mail link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`E-mailed to ${outsider}.`);
  await latestMailTo(sales.request, outsider, number);
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Nineteen more sends to the client's own address use up the hour's twenty.
  for (let i = 0; i < 19; i++) {
    const res = await crm.invoices[":id"].send.$post({ param: { id: invoiceId }, json: { to: own, message: null } });
    expect(res.status, `send ${i + 2}`).toBe(201);
  }
  await sales.reload();
  await card.getByRole("button", { name: `Share ${number}` }).click();
  await dialog.getByRole("button", { name: "E-mail a new link" }).click();
  await sales.getByRole("dialog", { name: "E-mail a new link?" }).getByRole("button", { name: "E-mail a new link" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "You have sent 20 e-mails from the CRM in the last hour, the most allowed. You can send another in 60 minutes.",
  );
  await context.close();
});
