/** Public enquiries: contact messages, free-redesign requests and valuation bookings. */
import { z } from "zod";

export const formKinds = ["contact", "redesign", "valuation"] as const;
export type FormKind = (typeof formKinds)[number];
export const emailStatuses = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

const email = z.string().trim().email("Please enter a valid email address").max(254);
const name = z.string().trim().min(2, "Name must be at least 2 characters").max(120);
/** Bots fill every field; people never see this one. */
const honeypot = { website_url: z.string().max(500).optional() };

export const contactInput = z.object({
  name,
  email,
  subject: z.string().trim().min(5, "Subject must be at least 5 characters").max(200),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(5000),
  ...honeypot,
});
export type ContactInput = z.input<typeof contactInput>;

export const budgetOptions = [
  { value: "under-5k", label: "Under £5,000" },
  { value: "5k-10k", label: "£5,000 – £10,000" },
  { value: "10k-20k", label: "£10,000 – £20,000" },
  { value: "20k-50k", label: "£20,000 – £50,000" },
  { value: "over-50k", label: "Over £50,000" },
] as const;

export const redesignInput = z.object({
  name,
  email,
  budget: z.string().min(1, "Please select a budget range").max(20),
  currentWebsite: z.union([z.string().trim().url("Please enter a valid website URL").max(500), z.literal("")]).optional(),
  projectDescription: z.string().trim().min(10, "Please provide at least 10 characters describing your project").max(5000),
  ...honeypot,
});
export type RedesignInput = z.input<typeof redesignInput>;
