/**
 * The eight public preview cards. Only id, name and project title are public; each client's
 * preview URL and access-code hash live in the worker's KV, managed from the CRM.
 */
export interface ClientPreviewCard {
  id: string;
  name: string;
  projectTitle: string;
}

export const clientPreviews: readonly ClientPreviewCard[] = [
  { id: "vm-fitness", name: "VM Fitness", projectTitle: "Personal training website" },
  { id: "jemrex", name: "Jemrex", projectTitle: "Company website redesign" },
  { id: "galvin-locksmiths", name: "Galvin Locksmiths", projectTitle: "Emergency call-out website" },
  { id: "albbrit-interiors", name: "Albbrit Interiors", projectTitle: "Interior design portfolio" },
  // Fictional Greater Manchester businesses (SPEC gives no names for these four).
  { id: "ancoats-coffee-co", name: "Ancoats Coffee Co.", projectTitle: "Café website with online ordering" },
  { id: "chorlton-bakehouse", name: "Chorlton Bakehouse", projectTitle: "Bakery website and celebration cake orders" },
  { id: "stockport-bike-works", name: "Stockport Bike Works", projectTitle: "Bike repair booking site" },
  { id: "salford-quays-physio", name: "Salford Quays Physio", projectTitle: "Clinic website with appointment requests" },
];

export const clientPreviewById = (id: string | undefined): ClientPreviewCard | undefined => clientPreviews.find((c) => c.id === id);
