/**
 * Every island a public page can hold, by the name `<Island>` writes into the HTML. Each loads
 * on its own, so a page downloads only the islands it has.
 */
import type { ComponentType } from "react";

export const islands = {
  "contact-form": () => import("../components/marketing/forms/contact-form").then((m) => m.ContactForm),
  "redesign-form": () => import("../components/marketing/forms/redesign-form").then((m) => m.RedesignForm),
  "valuation-form": () => import("../components/marketing/forms/valuation-form").then((m) => m.ValuationForm),
  "client-preview": () => import("../app/previews/client-preview-island").then((m) => m.ClientPreviewIsland),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;

/** The source module of each island, as the build's manifest names it (for modulepreload). */
export const islandModules: Record<IslandName, string> = {
  "contact-form": "src/components/marketing/forms/contact-form.tsx",
  "redesign-form": "src/components/marketing/forms/redesign-form.tsx",
  "valuation-form": "src/components/marketing/forms/valuation-form.tsx",
  "client-preview": "src/app/previews/client-preview-island.tsx",
};
