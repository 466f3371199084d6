/**
 * The studio's customers, and the public preview cards they sign in to. Plain data; everything
 * here is fictional.
 */
import { clientPreviews } from "../../../web/src/content/client-previews";

/** Where each public preview card's site is staged; null shows 'Preview Coming Soon'. */
const PREVIEW_URLS: Record<string, string | null> = {
  "galvin-locksmiths": null,
  "salford-quays-physio": null,
};

/** The eight public client-preview cards (ids and names from the site's content) with their demo preview URLs. */
export const PREVIEW_CLIENTS = clientPreviews.map((p) => ({
  id: p.id,
  name: p.name,
  previewUrl: p.id in PREVIEW_URLS ? PREVIEW_URLS[p.id] : `https://example.com/previews/${p.id}`,
}));

export interface ClientSeed {
  key: string;
  name: string;
  website: string | null;
  emails: string[];
  phones: string[];
  services: string[];
  notes: string | null;
  active: boolean;
  /** A public preview card id (web/src/content/client-previews.ts). */
  preview_id: string | null;
  daysAgo: number;
}

export const CLIENTS: ClientSeed[] = [
  {
    key: "vm-fitness",
    name: "VM Fitness",
    website: "https://vmfitness.co.uk",
    emails: ["vicky@vmfitness.co.uk", "bookings@vmfitness.co.uk"],
    phones: ["+44 161 496 0731", "+44 7700 900412"],
    services: ["Web Design", "Branding", "Mobile App"],
    notes: "Independent gym in Salford. Vicky signs off design; Mo handles the class software.",
    active: true,
    preview_id: "vm-fitness",
    daysAgo: 150,
  },
  {
    key: "jemrex",
    name: "Jemrex",
    website: "https://jemrex.co.uk",
    emails: ["rex@jemrex.co.uk"],
    phones: ["+44 161 496 0188"],
    services: ["Web Design", "SEO", "Branding"],
    notes: "Building contractor in Trafford Park. Wants tender-friendly case studies.",
    active: true,
    preview_id: "jemrex",
    daysAgo: 130,
  },
  {
    key: "galvin",
    name: "Galvin Locksmiths",
    website: "https://galvinlocksmiths.co.uk",
    emails: ["sean@galvinlocksmiths.co.uk"],
    phones: ["+44 161 496 0954", "+44 7700 900733"],
    services: ["Web Design", "SEO"],
    notes: "24-hour call-outs across Stockport. Phone number must be above the fold on mobile.",
    active: true,
    preview_id: "galvin-locksmiths",
    daysAgo: 120,
  },
  {
    key: "albbrit",
    name: "Albbrit Interiors",
    website: "https://albbritinteriors.co.uk",
    emails: ["studio@albbritinteriors.co.uk", "britt@albbritinteriors.co.uk"],
    phones: ["+44 161 496 0620"],
    services: ["Web Design", "E-commerce", "Branding"],
    notes: "Interior design studio in Altrincham selling homeware online.",
    active: true,
    preview_id: "albbrit-interiors",
    daysAgo: 110,
  },
  {
    key: "greenhalgh",
    name: "Greenhalgh Landscapes",
    website: "https://greenhalghlandscapes.co.uk",
    emails: ["matt@greenhalghlandscapes.co.uk"],
    phones: ["+44 1942 496 014"],
    services: ["Web Design"],
    notes: "Converted from the pipeline. Seasonal business: launch before spring.",
    active: true,
    preview_id: null,
    daysAgo: 40,
  },
  {
    key: "holt",
    name: "Holt Wedding Photography",
    website: "https://holtweddings.co.uk",
    emails: ["amelia@holtweddings.co.uk"],
    phones: ["+44 7700 900215"],
    services: ["Web Design", "SEO"],
    notes: "Site launched; on a light SEO retainer.",
    active: false,
    preview_id: null,
    daysAgo: 95,
  },
  {
    key: "brierley",
    name: "Brierley Brewing Co.",
    website: "https://brierleybrewing.co.uk",
    emails: ["nathan@brierleybrewing.co.uk", "taproom@brierleybrewing.co.uk"],
    phones: ["+44 161 496 0377"],
    services: ["Web Design", "E-commerce", "Branding", "Marketing"],
    notes: "Taproom and online beer shop. Age verification needed at checkout.",
    active: true,
    preview_id: null,
    daysAgo: 25,
  },
  {
    key: "lowe",
    name: "Lowe & Co Solicitors",
    website: "https://loweandco.co.uk",
    emails: ["megan.lowe@loweandco.co.uk"],
    phones: ["+44 161 496 0802"],
    services: ["Web Design", "Consulting"],
    notes: "SRA digital badge and complaints procedure must appear on every page.",
    active: true,
    preview_id: null,
    daysAgo: 18,
  },
];
