import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import type { StudioSettingsInput } from "../../../contract/settings";
import { TERMS_PAYMENT_SCHEDULE, type PaymentInstalmentInput } from "../../../contract/payment-schedule";

let owner: Staff;

const details = {
  studio_name: "Redbrick Studio",
  address: "  Unit 4, Ancoats Works\r\n  Manchester  \r\nM4 6DE ",
  vat_number: "gb 123 4567 89",
  bank_name: "Northern Bank",
  bank_account_name: "Redbrick Studio Ltd",
  bank_sort_code: "123456",
  bank_account_number: "12345678",
  invoice_notes: "Payment within 14 days, please.",
};
const save = (body: StudioSettingsInput, who = owner) => who.api.crm.settings.$put({ json: body });

beforeEach(async () => {
  owner = await signInAs("Owner");
});

describe("studio settings", () => {
  it("starts from the studio's name with nothing else set", async () => {
    const answer = await expectJson(owner.api.crm.settings.$get(), 200);
    expect(answer).toEqual({
      settings: {
        studio_name: "Redbrick Studio",
        address: "",
        vat_number: null,
        bank_name: null,
        bank_account_name: null,
        bank_sort_code: null,
        bank_account_number: null,
        invoice_notes: null,
        // Until saved, invoices to clients outside the UK carry DEFAULT_OUTSIDE_UK_VAT_NOTE.
        outside_uk_vat_note: null,
        payment_terms_days: 14,
        proposal_terms: null,
        // The Terms' own, until an Owner saves another.
        default_payment_schedule: TERMS_PAYMENT_SCHEDULE,
      },
      updated_at: null,
    });
  });

  it("saves the invoice details, tidying the address lines and formats, and everyone can read them", async () => {
    const saved = await expectJson(save({ ...details, updated_at: null }), 200);
    expect(saved.settings).toEqual({
      ...details,
      address: "Unit 4, Ancoats Works\nManchester\nM4 6DE",
      vat_number: "GB 123 4567 89",
      bank_sort_code: "12-34-56",
      // Not sent: the default fortnight, no proposal terms or VAT note, and the Terms' payment schedule.
      outside_uk_vat_note: null,
      payment_terms_days: 14,
      proposal_terms: null,
      default_payment_schedule: TERMS_PAYMENT_SCHEDULE,
    });
    expect(saved.updated_at).not.toBeNull();
    const sales = await signInAs("Sales");
    expect(await expectJson(sales.api.crm.settings.$get(), 200)).toEqual(saved);
  });

  it("keeps the terms new proposals start from, as plain text with its paragraphs, and refuses them too long", async () => {
    const terms = "Prices include VAT.\r\n\r\n- 50% to start\n- 50% on launch\u0001";
    const saved = await expectJson(save({ ...details, proposal_terms: terms, updated_at: null }), 200);
    expect(saved.settings.proposal_terms).toBe("Prices include VAT.\n\n- 50% to start\n- 50% on launch");
    const long = await errorOf(save({ ...details, proposal_terms: "x".repeat(20_001), updated_at: saved.updated_at }), 422);
    expect(long.fields?.proposal_terms).toBeTruthy();
  });

  it("keeps the payment terms the Owner sets: a new invoice's default due date", async () => {
    const saved = await expectJson(save({ ...details, payment_terms_days: 30, updated_at: null }), 200);
    expect(saved.settings.payment_terms_days).toBe(30);
    expect((await expectJson(owner.api.crm.settings.$get(), 200)).settings.payment_terms_days).toBe(30);
  });

  describe("the default payment schedule", () => {
    const instalment = (label: string, share: number, due: PaymentInstalmentInput["due"]): PaymentInstalmentInput => ({
      label,
      share_kind: "percent",
      share,
      due,
      due_date: null,
    });
    const thirds = [
      instalment(" Deposit\u200b", 40, "on_acceptance"),
      instalment("Launch", 40, "on_launch_approval"),
      instalment("Completion", 20, "on_completion"),
    ];

    it("is kept as the Owner saves it, and a new proposal starts with it, priced at its total", async () => {
      const saved = await expectJson(
        owner.api.crm.settings.$put({ json: { ...details, default_payment_schedule: thirds, updated_at: null } }),
        200,
      );
      expect(saved.settings.default_payment_schedule.map((i) => [i.label, i.share, i.due])).toEqual([
        ["Deposit", 40, "on_acceptance"],
        ["Launch", 40, "on_launch_approval"],
        ["Completion", 20, "on_completion"],
      ]);
      const [audit] = await rows<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'settings_changed'");
      expect(audit.detail).toMatch(/, default payment schedule$/);

      const { lead } = await expectJson(owner.api.crm.leads.$post({ json: { name: "Jo Carter" } }), 201);
      const { proposal } = await expectJson(
        owner.api.crm.proposals.$post({
          json: { title: "Bakery website", lead_id: lead.id, lines: [{ description: "Build", quantity: 1, unit_price: 2400.01 }] },
        }),
        201,
      );
      expect(proposal.payment_schedule.map((i) => [i.label, i.amount])).toEqual([
        ["Deposit", 960],
        ["Launch", 960],
        // The penny left by rounding goes on the last.
        ["Completion", 480.01],
      ]);
      // The lead's Workflow Actions make their draft proposal with it too.
      const { created } = await expectJson(
        owner.api.crm.leads[":id"].actions.$post({ param: { id: lead.id }, json: { action: "proposal" } }),
        201,
      );
      const drafted = await expectJson(owner.api.crm.proposals[":id"].$get({ param: { id: created[0].id } }), 200);
      expect(drafted.proposal.payment_schedule.map((i) => i.share)).toEqual([40, 40, 20]);
    });

    it("is in percentages that make 100%, with no dates: anything else is refused, per instalment, and not saved", async () => {
      const fields = async (schedule: unknown) =>
        (
          await errorOf(
            owner.api.crm.settings.$put({ json: unchecked({ ...details, default_payment_schedule: schedule, updated_at: null }) }),
            422,
          )
        ).fields;
      expect(await fields([instalment("Deposit", 50, "on_acceptance"), instalment("Balance", 40, "on_launch_approval")])).toEqual({
        default_payment_schedule: "The payment schedule's percentages add up to 90%, not 100%",
      });
      expect(
        await fields([
          { ...instalment("Deposit", 500, "on_acceptance"), share_kind: "amount" },
          { ...instalment("Balance", 50, "on_date"), due_date: "2027-01-15" },
        ]),
      ).toEqual({
        "default_payment_schedule.0.share_kind": "A default schedule is in percentages: each proposal's total differs",
        "default_payment_schedule.1.due": "A date belongs to one proposal: choose it on the proposal",
      });
      expect(await fields([])).toEqual({ default_payment_schedule: "Add at least one instalment" });
      expect((await expectJson(owner.api.crm.settings.$get(), 200)).updated_at).toBeNull();
    });
  });

  it("keeps optional details optional: blanks are saved as null", async () => {
    const saved = await expectJson(
      save({ studio_name: "Redbrick", address: "Manchester", vat_number: "", bank_sort_code: " ", updated_at: null }),
      200,
    );
    expect(saved.settings).toMatchObject({ vat_number: null, bank_sort_code: null, bank_account_number: null, invoice_notes: null });
  });

  it("validates name, address, VAT number and bank details", async () => {
    const bad = await errorOf(
      save({
        studio_name: " ",
        address: " \n ",
        vat_number: "123",
        bank_sort_code: "12-34",
        bank_account_number: "1234",
        payment_terms_days: 14.5,
        updated_at: null,
      }),
      422,
    );
    expect(bad.fields).toMatchObject({
      studio_name: "Studio name is required",
      address: "Address is required",
      vat_number: "Please enter a valid UK VAT number",
      bank_sort_code: "Enter a sort code as 12-34-56",
      bank_account_number: "Enter an 8-digit account number",
      payment_terms_days: "Enter a whole number of days",
    });
    const long = await errorOf(save({ ...details, payment_terms_days: 400, updated_at: null }), 422);
    expect(long.fields?.payment_terms_days).toBe("At most 365 days");
    expect((await save(unchecked({ ...details, updated_at: null, logo: "x" }))).status).toBe(422);
    expect((await save(unchecked({ ...details }))).status).toBe(422);
  });

  it("refuses a save from a stale copy with 409", async () => {
    const first = await expectJson(save({ ...details, updated_at: null }), 200);
    // A second 'first save' is stale too.
    expect((await save({ ...details, studio_name: "Other", updated_at: null })).status).toBe(409);
    const second = await expectJson(save({ ...details, studio_name: "Redbrick Ltd", updated_at: first.updated_at }), 200);
    expect(second.settings.studio_name).toBe("Redbrick Ltd");
    const stale = await errorOf(save({ ...details, updated_at: first.updated_at }), 409);
    expect(stale.message).toMatch(/changed by someone else/);
  });

  it("lets only an Owner change them: Sales gets 403", async () => {
    const sales = await signInAs("Sales");
    const refused = await errorOf(save({ ...details, updated_at: null }, sales), 403);
    expect(refused.code).toBe("forbidden");
    expect((await expectJson(owner.api.crm.settings.$get(), 200)).updated_at).toBeNull();
  });
});
