/**
 * Which slug is which story (docs/spec.md §2 does not say, so it is decided here): dreamwell = the property
 * management rebrand and redesign; guest-favourite = the luxury short-stay site with booking;
 * amco-real-estate = the estate agency redesign with 'Book A Valuation'; propalytiq = the
 * property-technology SaaS concept; mod-est-paris = the fashion e-commerce site;
 * vine-street-synagogue = the synagogue community site; judaicartz = the art gallery shop.
 * The other six slugs and /portfolio/test use the generic template.
 *
 * Case studies behind /portfolio/{slug}. The slugs are the public URLs: renaming one breaks
 * links, so add new entries rather than editing slugs.
 */
export type CaseStudyCategory = "Web Design" | "Branding" | "Apparel";

export interface CaseStudy {
  slug: string;
  title: string;
  category: CaseStudyCategory;
  summary: string;
  /** Shown in the portfolio grid (seven projects); the rest are reachable by URL only. */
  featured: boolean;
  /** A layout template, reachable by URL but kept out of search results. */
  template?: boolean;
  /** Accent colour of the project's illustration (/portfolio/{slug}.svg). */
  accent: string;
  /** Shows Amco's 'Book A Valuation' form. */
  valuationForm?: boolean;
  /**
   * The finished site's real address, behind 'View Live Site' (opens in a new tab). Only an address
   * the studio has confirmed goes here, never a placeholder: without one the page simply has no
   * button (Amco Real Estate never has one, docs/spec.md §3).
   */
  liveUrl?: string;
}

export const caseStudies: readonly CaseStudy[] = [
  {
    slug: "dreamwell",
    title: "Dreamwell",
    category: "Web Design",
    summary: "A rebrand and redesign for a property management company.",
    featured: true,
    accent: "#b5352a",
  },
  {
    slug: "guest-favourite",
    title: "Guest Favourite",
    category: "Web Design",
    summary: "A luxury short-stay brand site with booking built in.",
    featured: true,
    accent: "#0f766e",
  },
  {
    slug: "amco-real-estate",
    title: "Amco Real Estate",
    category: "Web Design",
    summary: "An estate agency redesign with a Book A Valuation form.",
    featured: true,
    accent: "#1d4ed8",
    valuationForm: true,
  },
  {
    slug: "propalytiq",
    title: "Propalytiq",
    category: "Web Design",
    summary: "A property-technology SaaS concept, from landing page to dashboard.",
    featured: true,
    accent: "#7c3aed",
  },
  {
    slug: "mod-est-paris",
    title: "Mod Est Paris",
    category: "Web Design",
    summary: "A fashion e-commerce site with a clean, editorial feel.",
    featured: true,
    accent: "#be185d",
  },
  {
    slug: "vine-street-synagogue",
    title: "Vine Street Synagogue",
    category: "Web Design",
    summary: "A community website for services, events and news.",
    featured: true,
    accent: "#b45309",
  },
  {
    slug: "judaicartz",
    title: "JudaicArtz",
    category: "Web Design",
    summary: "An art gallery e-commerce site for original works and prints.",
    featured: true,
    accent: "#0369a1",
  },
  {
    slug: "ecommerce-platform",
    title: "E-commerce Platform",
    category: "Web Design",
    summary: "A complete online store with catalogue, basket and secure checkout.",
    featured: false,
    accent: "#15803d",
  },
  {
    slug: "saas-dashboard",
    title: "SaaS Dashboard",
    category: "Web Design",
    summary: "An analytics dashboard that makes dense data easy to read.",
    featured: false,
    accent: "#4338ca",
  },
  {
    slug: "brand-identity-suite",
    title: "Brand Identity Suite",
    category: "Branding",
    summary: "Logo, palette, type and guidelines for a growing business.",
    featured: false,
    accent: "#c2410c",
  },
  {
    slug: "mobile-app-interface",
    title: "Mobile App Interface",
    category: "Web Design",
    summary: "A mobile-first interface designed for one-handed use.",
    featured: false,
    accent: "#0891b2",
  },
  {
    slug: "custom-apparel-line",
    title: "Custom Apparel Line",
    category: "Apparel",
    summary: "A branded apparel range, designed and printed for a local team.",
    featured: false,
    accent: "#a21caf",
  },
  {
    slug: "corporate-website",
    title: "Corporate Website",
    category: "Web Design",
    summary: "A professional services site that builds trust from the first scroll.",
    featured: false,
    accent: "#334155",
  },
  {
    slug: "test",
    title: "Test",
    category: "Web Design",
    summary: "A template case study used to preview the layout.",
    featured: false,
    accent: "#b5352a",
    template: true,
  },
];

export const caseStudyBySlug = (slug: string | undefined): CaseStudy | undefined => caseStudies.find((c) => c.slug === slug);
