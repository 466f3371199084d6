/**
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
}

export const caseStudies: readonly CaseStudy[] = [
  {
    slug: "dreamwell",
    title: "Dreamwell",
    category: "Web Design",
    summary: "A rebrand and redesign for a property management company.",
    featured: true,
  },
  {
    slug: "guest-favourite",
    title: "Guest Favourite",
    category: "Web Design",
    summary: "A luxury short-stay brand site with booking built in.",
    featured: true,
  },
  {
    slug: "amco-real-estate",
    title: "Amco Real Estate",
    category: "Web Design",
    summary: "An estate agency redesign with a Book A Valuation form.",
    featured: true,
  },
  {
    slug: "propalytiq",
    title: "Propalytiq",
    category: "Web Design",
    summary: "A property-technology SaaS concept, from landing page to dashboard.",
    featured: true,
  },
  {
    slug: "mod-est-paris",
    title: "Mod Est Paris",
    category: "Web Design",
    summary: "A fashion e-commerce site with a clean, editorial feel.",
    featured: true,
  },
  {
    slug: "vine-street-synagogue",
    title: "Vine Street Synagogue",
    category: "Web Design",
    summary: "A community website for services, events and news.",
    featured: true,
  },
  {
    slug: "judaicartz",
    title: "JudaicArtz",
    category: "Web Design",
    summary: "An art gallery e-commerce site for original works and prints.",
    featured: true,
  },
  {
    slug: "ecommerce-platform",
    title: "E-commerce Platform",
    category: "Web Design",
    summary: "A complete online store with catalogue, basket and secure checkout.",
    featured: false,
  },
  {
    slug: "saas-dashboard",
    title: "SaaS Dashboard",
    category: "Web Design",
    summary: "An analytics dashboard that makes dense data easy to read.",
    featured: false,
  },
  {
    slug: "brand-identity-suite",
    title: "Brand Identity Suite",
    category: "Branding",
    summary: "Logo, palette, type and guidelines for a growing business.",
    featured: false,
  },
  {
    slug: "mobile-app-interface",
    title: "Mobile App Interface",
    category: "Web Design",
    summary: "A mobile-first interface designed for one-handed use.",
    featured: false,
  },
  {
    slug: "custom-apparel-line",
    title: "Custom Apparel Line",
    category: "Apparel",
    summary: "A branded apparel range, designed and printed for a local team.",
    featured: false,
  },
  {
    slug: "corporate-website",
    title: "Corporate Website",
    category: "Web Design",
    summary: "A professional services site that builds trust from the first scroll.",
    featured: false,
  },
  {
    slug: "test",
    title: "Test",
    category: "Web Design",
    summary: "A template case study used to preview the layout.",
    featured: false,
    template: true,
  },
];

export const caseStudyBySlug = (slug: string | undefined): CaseStudy | undefined => caseStudies.find((c) => c.slug === slug);
