/**
 * Every island a public page can hold, by the name `<Island>` writes into the HTML. Each loads
 * on its own, so a page downloads only the islands it has.
 */
import type { ComponentType } from "react";

interface IslandEntry {
  load: () => Promise<ComponentType<never>>;
  /**
   * "interaction": hydrated when first touched, focused or typed in. Until then the form is
   * the server's (it posts natively), so the page's load runs none of its code: a phone's main
   * thread stays free while the page is read. "load": hydrated at once (the preview, which polls
   * and reacts to the server by itself).
   */
  hydrate: "interaction" | "load";
}

export const islands = {
  "contact-form": { load: () => import("@/components/marketing/forms/contact-form").then((m) => m.ContactForm), hydrate: "interaction" },
  "redesign-form": {
    load: () => import("@/components/marketing/forms/redesign-form").then((m) => m.RedesignForm),
    hydrate: "interaction",
  },
  "valuation-form": {
    load: () => import("@/components/marketing/forms/valuation-form").then((m) => m.ValuationForm),
    hydrate: "interaction",
  },
  "client-preview": { load: () => import("@/app/previews/client-preview-island").then((m) => m.ClientPreviewIsland), hydrate: "load" },
  // At once: it reads the device's time zone and shows the times in it before the visitor chooses one.
  "book-picker": { load: () => import("@/components/marketing/book-picker").then((m) => m.BookPicker), hydrate: "load" },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islands;

/** The source module of each island, as the build's manifest names it (for modulepreload). */
export const islandModules: Record<IslandName, string> = {
  "contact-form": "src/components/marketing/forms/contact-form.tsx",
  "redesign-form": "src/components/marketing/forms/redesign-form.tsx",
  "valuation-form": "src/components/marketing/forms/valuation-form.tsx",
  "client-preview": "src/app/previews/client-preview-island.tsx",
  "book-picker": "src/components/marketing/book-picker.tsx",
};
