/**
 * A client is a business or a consumer, and may be based outside the UK: their invoices then carry
 * no UK VAT and the note Settings give, on the client's page and in the Xero export, fixed when the
 * invoice is made (docs/decisions/0065-late-payment-charges.md for the client types).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { errorOf, expectJson, rows, saveStudioDetails, signInAs, unchecked, type Staff } from "../support/helpers";
import { DEFAULT_OUTSIDE_UK_VAT_NOTE } from "../../../contract/invoice";

let owner: Staff;

beforeEach(async () => {
  owner = await signInAs("Owner");
  await saveStudioDetails(owner);
});

const addClient = async (json: Parameters<Staff["api"]["crm"]["clients"]["$post"]>[0]["json"]) =>
  (await expectJson(owner.api.crm.clients.$post({ json }), 201)).client;
const addInvoice = async (clientId: string, number: string) =>
  (
    await expectJson(
      owner.api.crm.invoices.$post({
        json: {
          number,
          client_id: clientId,
          status: "Sent",
          date: "2026-11-02",
          due_date: "2026-11-16",
          lines: [{ description: "Site build", quantity: 1, unit_price: 1200 }],
        },
      }),
      201,
    )
  ).invoice;
const pageOf = async (id: string) => {
  const { url } = await expectJson(owner.api.crm.invoices[":id"].share.$post({ param: { id } }), 201);
  return (
    await exports.default.fetch(`http://localhost${new URL(url).pathname}`, { headers: { "CF-Connecting-IP": "198.51.100.9" } })
  ).text();
};

describe("client types", () => {
  it("a new client is a UK business unless told otherwise; an edit changes either", async () => {
    const plain = await addClient({ name: "Acme" });
    expect(plain).toMatchObject({ client_type: "Business", outside_uk: false });
    const abroad = await addClient({ name: "Surf Lisboa", client_type: "Consumer", outside_uk: true });
    expect(abroad).toMatchObject({ client_type: "Consumer", outside_uk: true });
    const { client } = await expectJson(
      owner.api.crm.clients[":id"].$patch({ param: { id: plain.id }, json: { client_type: "Consumer", updated_at: plain.updated_at } }),
      200,
    );
    expect(client).toMatchObject({ client_type: "Consumer", outside_uk: false });
  });

  it("an unknown type is refused with the form's words and changes nothing", async () => {
    const err = await errorOf(owner.api.crm.clients.$post({ json: { name: "Acme", client_type: unchecked("Charity") } }), 422);
    expect(err.fields?.client_type).toBe("Choose Business or Consumer");
    expect(await rows("SELECT count(*) AS n FROM clients WHERE name = 'Acme'")).toEqual([{ n: 0 }]);
  });
});

describe("invoices to a client outside the UK", () => {
  it("carry no VAT line but the studio's note, on the page and in the Xero export; a UK client's keep theirs", async () => {
    const uk = await addInvoice((await addClient({ name: "Acme" })).id, "INV-UK-1");
    const abroad = await addInvoice((await addClient({ name: "Surf Lisboa", outside_uk: true })).id, "INV-PT-1");
    expect([uk.vat_treatment, abroad.vat_treatment]).toEqual(["standard", "outside_uk"]);

    const ukPage = await pageOf(uk.id);
    expect(ukPage).toContain("VAT at 20%");
    expect(ukPage).toContain("including VAT");
    const abroadPage = await pageOf(abroad.id);
    expect(abroadPage).not.toContain("VAT at 20%");
    expect(abroadPage).not.toContain("including VAT");
    expect(abroadPage).toContain(DEFAULT_OUTSIDE_UK_VAT_NOTE);

    // The studio's own words, once saved in Settings.
    await saveStudioDetails(owner, { outside_uk_vat_note: "Outside the scope of UK VAT: place of supply is the customer's country." });
    expect(await pageOf(abroad.id)).toContain("Outside the scope of UK VAT: place of supply is the customer&#39;s country.");

    const { files } = await expectJson(owner.api.crm.invoices.xero.$get({ query: { from: "2026-11-01", to: "2026-11-30" } }), 200);
    const taxOf = (n: string) => files.flat().find((r) => r["*InvoiceNumber"] === n)?.["*TaxType"];
    expect([taxOf("INV-UK-1"), taxOf("INV-PT-1")]).toEqual(["20% (VAT on Income)", "No VAT"]);
  });

  it("an invoice keeps the treatment it was made with when its client is marked later, and takes a new client's when moved", async () => {
    const client = await addClient({ name: "Acme" });
    const inv = await addInvoice(client.id, "INV-UK-2");
    await expectJson(
      owner.api.crm.clients[":id"].$patch({ param: { id: client.id }, json: { outside_uk: true, updated_at: client.updated_at } }),
      200,
    );
    const kept = (await expectJson(owner.api.crm.invoices[":id"].$get({ param: { id: inv.id } }), 200)).invoice;
    expect(kept.vat_treatment).toBe("standard");

    const abroad = await addClient({ name: "Surf Lisboa", outside_uk: true });
    const { invoice: moved } = await expectJson(
      owner.api.crm.invoices[":id"].$patch({ param: { id: inv.id }, json: { client_id: abroad.id, updated_at: kept.updated_at } }),
      200,
    );
    expect(moved.vat_treatment).toBe("outside_uk");
  });

  it("the database refuses a treatment or a client type the contract does not know", async () => {
    await expect(
      rows("INSERT INTO clients (id, name, client_type, created_at, updated_at) VALUES ('x', 'X', 'Charity', 'now', 'now') RETURNING id"),
    ).rejects.toThrow(/clients_client_type_check/);
  });
});
