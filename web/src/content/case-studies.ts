/**
 * Which slug is which story (SPEC §2 does not say, so it is decided here): dreamwell = the property
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
  /** Named stories: Overview, What We Did, Outcome. */
  story?: { client: string; overview: string; whatWeDid: readonly string[]; outcome: string };
  /** Generic template pages: description, technologies and key features. */
  details?: { description: string; technologies: readonly string[]; keyFeatures: readonly string[] };
  /** Shows Amco's 'Book A Valuation' form. */
  valuationForm?: boolean;
}

export const caseStudies: readonly CaseStudy[] = [
  {
    slug: "dreamwell",
    title: "Dreamwell",
    category: "Web Design",
    summary: "A rebrand and redesign for a property management company.",
    featured: true,
    accent: "#b5352a",
    story: {
      client: "Dreamwell Property Management",
      overview:
        "Dreamwell manages rented homes across south Manchester. Their old site looked dated, was hard to update and did little to win new landlords. They wanted a brand and website that felt as dependable as their service.",
      whatWeDid: [
        "A refreshed logo, colour palette and type that feel calm and trustworthy",
        "A new website structured around the two audiences: landlords and tenants",
        "A landlord enquiry form and a simple rental valuation call to action",
        "Listings the office team can update without a developer",
      ],
      outcome:
        "The new brand and site launched together. Landlords now arrive at a clear, modern site that explains the service in a minute, and enquiries come in through one form straight to the team.",
    },
  },
  {
    slug: "guest-favourite",
    title: "Guest Favourite",
    category: "Web Design",
    summary: "A luxury short-stay brand site with booking built in.",
    featured: true,
    accent: "#0f766e",
    story: {
      client: "Guest Favourite",
      overview:
        "Guest Favourite runs a small collection of luxury short-stay apartments. They relied on the big booking platforms and wanted a brand site that felt premium and let guests book direct.",
      whatWeDid: [
        "An elegant, photography-led design that puts the apartments first",
        "Booking integrated with their channel manager, so availability is always accurate",
        "Apartment pages with amenities, maps and house rules",
        "Fast image loading, so the site feels quick even on hotel Wi-Fi",
      ],
      outcome: "Guests can now browse and book direct in a few taps, and the brand finally feels as considered as the stays themselves.",
    },
  },
  {
    slug: "amco-real-estate",
    title: "Amco Real Estate",
    category: "Web Design",
    summary: "An estate agency redesign with a Book A Valuation form.",
    featured: true,
    accent: "#1d4ed8",
    story: {
      client: "Amco Real Estate",
      overview:
        "Amco is an independent estate agency. Their website was slow and buried the thing homeowners want most: a valuation. We redesigned it around that single action.",
      whatWeDid: [
        "A clean redesign focused on selling, letting and valuations",
        "A Book A Valuation form that goes straight into the agency’s lead list",
        "Area guides written for local search",
        "Property pages that load quickly on mobile",
      ],
      outcome:
        "Homeowners can book a valuation from any page in under a minute, and every request arrives with the details the team needs to call back the same day.",
    },
    valuationForm: true,
  },
  {
    slug: "propalytiq",
    title: "Propalytiq",
    category: "Web Design",
    summary: "A property-technology SaaS concept, from landing page to dashboard.",
    featured: true,
    accent: "#7c3aed",
    story: {
      client: "Propalytiq",
      overview:
        "Propalytiq is a property-technology start-up with an idea for a landlord analytics tool. They needed a concept to show investors and early users before writing production code.",
      whatWeDid: [
        "A product landing page explaining the idea in plain English",
        "A clickable dashboard concept for portfolio yields and rent tracking",
        "A brand mark and interface style that scale from marketing to product",
      ],
      outcome: "The founders used the concept in investor meetings and user interviews, and had a clear design direction to build from.",
    },
  },
  {
    slug: "mod-est-paris",
    title: "Mod Est Paris",
    category: "Web Design",
    summary: "A fashion e-commerce site with a clean, editorial feel.",
    featured: true,
    accent: "#be185d",
    story: {
      client: "Mod Est Paris",
      overview:
        "Mod Est Paris is a small fashion label selling online. They wanted an e-commerce site with the calm, editorial feel of a printed lookbook.",
      whatWeDid: [
        "An editorial e-commerce design with large imagery and quiet typography",
        "Collections, size guides and a quick, simple checkout",
        "Product pages that load fast despite rich photography",
      ],
      outcome:
        "The label launched its new collection on a shop that finally matches the clothes, and it is simple for the team to add new pieces each season.",
    },
  },
  {
    slug: "vine-street-synagogue",
    title: "Vine Street Synagogue",
    category: "Web Design",
    summary: "A community website for services, events and news.",
    featured: true,
    accent: "#b45309",
    story: {
      client: "Vine Street Synagogue",
      overview:
        "Vine Street Synagogue is a community run largely by volunteers. Their old website was hard to update, so service times and events often went out of date.",
      whatWeDid: [
        "A warm, accessible site built around service times, events and news",
        "An events calendar volunteers can update from a phone",
        "Large text, strong contrast and simple navigation for older members",
      ],
      outcome: "Volunteers keep the site up to date themselves, and members can find service times and events in a couple of taps.",
    },
  },
  {
    slug: "judaicartz",
    title: "JudaicArtz",
    category: "Web Design",
    summary: "An art gallery e-commerce site for original works and prints.",
    featured: true,
    accent: "#0369a1",
    story: {
      client: "JudaicArtz",
      overview:
        "JudaicArtz sells original artworks and prints. The artist needed an online gallery that shows the work well and makes buying straightforward.",
      whatWeDid: [
        "A gallery-style shop that lets the artwork breathe",
        "Separate originals and prints with clear sizes, framing and delivery",
        "Secure checkout and simple stock management",
      ],
      outcome: "Collectors can browse and buy in one place, and the artist spends less time answering questions about sizes and shipping.",
    },
  },
  {
    slug: "ecommerce-platform",
    title: "E-commerce Platform",
    category: "Web Design",
    summary: "A complete online store with catalogue, basket and secure checkout.",
    featured: false,
    accent: "#15803d",
    details: {
      description: "A complete online store for a growing retailer: product catalogue, filters, basket and a secure, fast checkout.",
      technologies: ["React", "TypeScript", "Stripe", "Cloudflare"],
      keyFeatures: ["Product catalogue with filters", "Basket and guest checkout", "Order e-mails", "Stock management"],
    },
  },
  {
    slug: "saas-dashboard",
    title: "SaaS Dashboard",
    category: "Web Design",
    summary: "An analytics dashboard that makes dense data easy to read.",
    featured: false,
    accent: "#4338ca",
    details: {
      description: "An analytics dashboard that turns dense data into clear charts and tables, designed for people who use it every day.",
      technologies: ["React", "TypeScript", "Charting library", "REST API"],
      keyFeatures: ["Customisable widgets", "Accessible charts and tables", "Date range comparisons", "Exports to CSV"],
    },
  },
  {
    slug: "brand-identity-suite",
    title: "Brand Identity Suite",
    category: "Branding",
    summary: "Logo, palette, type and guidelines for a growing business.",
    featured: false,
    accent: "#c2410c",
    details: {
      description:
        "A complete identity for a growing business: logo, colour, typography and guidelines that keep every touchpoint consistent.",
      technologies: ["Figma", "Adobe Illustrator", "Brand guidelines PDF"],
      keyFeatures: ["Primary and secondary logos", "Colour and type system", "Stationery and social templates", "Usage guidelines"],
    },
  },
  {
    slug: "mobile-app-interface",
    title: "Mobile App Interface",
    category: "Web Design",
    summary: "A mobile-first interface designed for one-handed use.",
    featured: false,
    accent: "#0891b2",
    details: {
      description: "A mobile-first interface designed for one-handed use, with large touch targets and a clear path through each task.",
      technologies: ["Figma", "Design system", "Prototype"],
      keyFeatures: ["One-handed navigation", "Accessible touch targets", "Dark mode", "Clickable prototype"],
    },
  },
  {
    slug: "custom-apparel-line",
    title: "Custom Apparel Line",
    category: "Apparel",
    summary: "A branded apparel range, designed and printed for a local team.",
    featured: false,
    accent: "#a21caf",
    details: {
      description: "A branded apparel range for a local team, designed in the studio and printed by a Manchester printer.",
      technologies: ["Adobe Illustrator", "Screen printing", "Embroidery"],
      keyFeatures: ["Logo adaptations for fabric", "Colourway mock-ups", "Size runs and ordering", "Local printing"],
    },
  },
  {
    slug: "corporate-website",
    title: "Corporate Website",
    category: "Web Design",
    summary: "A professional services site that builds trust from the first scroll.",
    featured: false,
    accent: "#334155",
    details: {
      description: "A professional services website that builds trust from the first scroll, with clear service pages and easy contact.",
      technologies: ["React", "TypeScript", "Headless CMS", "Cloudflare"],
      keyFeatures: ["Service and team pages", "Case study library", "Contact and booking forms", "Search-friendly structure"],
    },
  },
  {
    slug: "test",
    title: "Test",
    category: "Web Design",
    summary: "A template case study used to preview the layout.",
    featured: false,
    accent: "#b5352a",
    details: {
      description: "A template case study used to preview the layout of generic project pages.",
      technologies: ["React", "TypeScript", "Tailwind CSS"],
      keyFeatures: ["Responsive layout", "Accessible components", "Fast loading"],
    },
    template: true,
  },
];

export const caseStudyBySlug = (slug: string | undefined): CaseStudy | undefined => caseStudies.find((c) => c.slug === slug);
