/**
 * The free-redesign form's budget choices. Kept apart from the zod schemas so the form can render
 * its select without loading zod (contract/form-submission.ts re-exports them with the schema).
 */
export const budgetOptions = [
  { value: "under-5k", label: "Under £5,000" },
  { value: "5k-10k", label: "£5,000 – £10,000" },
  { value: "10k-20k", label: "£10,000 – £20,000" },
  { value: "20k-50k", label: "£20,000 – £50,000" },
  { value: "over-50k", label: "Over £50,000" },
] as const;

export type BudgetValue = (typeof budgetOptions)[number]["value"];
