/** The studio's own details, so the demo prints a complete invoice. Placeholder bank details: this is a demo. */
import type { StudioSettings } from "../../../contract/settings";
import { TERMS_PAYMENT_SCHEDULE } from "../../../contract/payment-schedule";

export const STUDIO: StudioSettings = {
  studio_name: "Redbrick Studio",
  address: "Unit 4, Hope Mill\n113 Pollard Street\nManchester\nM4 7JA",
  vat_number: "GB 123 4567 89",
  bank_name: "Demo Bank plc",
  bank_account_name: "Redbrick Studio Ltd",
  bank_sort_code: "12-34-56",
  bank_account_number: "12345678",
  invoice_notes: "Please pay within 14 days by bank transfer, quoting the invoice number. Thank you!",
  outside_uk_vat_note: "No UK VAT: services supplied to a client based outside the UK.",
  payment_terms_days: 14,
  proposal_terms:
    "Prices include VAT. We ask for 50% to start and 50% on launch, each payable within 14 days.\n\nThe quote holds until its valid-until date. Two rounds of changes are included at each stage; more are charged at £60 an hour.\n\n- You own the finished site and its content once paid in full.\n- Hosting and domains are billed separately.",
  // The Terms' own: half on acceptance, half when the client approves the site for launch.
  default_payment_schedule: TERMS_PAYMENT_SCHEDULE,
};
