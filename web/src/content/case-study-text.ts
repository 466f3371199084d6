/**
 * The long text of each case study, loaded only by /portfolio/{slug} (the portfolio grid and the
 * home page need just the summaries in case-studies.ts). Named stories have Overview, What We Did
 * and Outcome; the generic template pages have a description, technologies and key features.
 */
export interface CaseStudyText {
  story?: { client: string; overview: string; whatWeDid: readonly string[]; outcome: string };
  details?: { description: string; technologies: readonly string[]; keyFeatures: readonly string[] };
}

export const caseStudyText: Record<string, CaseStudyText> = {
  dreamwell: {
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
  "guest-favourite": {
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
  "amco-real-estate": {
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
  },
  propalytiq: {
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
  "mod-est-paris": {
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
  "vine-street-synagogue": {
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
  judaicartz: {
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
  "ecommerce-platform": {
    details: {
      description: "A complete online store for a growing retailer: product catalogue, filters, basket and a secure, fast checkout.",
      technologies: ["React", "TypeScript", "Stripe", "Cloudflare"],
      keyFeatures: ["Product catalogue with filters", "Basket and guest checkout", "Order e-mails", "Stock management"],
    },
  },
  "saas-dashboard": {
    details: {
      description: "An analytics dashboard that turns dense data into clear charts and tables, designed for people who use it every day.",
      technologies: ["React", "TypeScript", "Charting library", "REST API"],
      keyFeatures: ["Customisable widgets", "Accessible charts and tables", "Date range comparisons", "Exports to CSV"],
    },
  },
  "brand-identity-suite": {
    details: {
      description:
        "A complete identity for a growing business: logo, colour, typography and guidelines that keep every touchpoint consistent.",
      technologies: ["Figma", "Adobe Illustrator", "Brand guidelines PDF"],
      keyFeatures: ["Primary and secondary logos", "Colour and type system", "Stationery and social templates", "Usage guidelines"],
    },
  },
  "mobile-app-interface": {
    details: {
      description: "A mobile-first interface designed for one-handed use, with large touch targets and a clear path through each task.",
      technologies: ["Figma", "Design system", "Prototype"],
      keyFeatures: ["One-handed navigation", "Accessible touch targets", "Dark mode", "Clickable prototype"],
    },
  },
  "custom-apparel-line": {
    details: {
      description: "A branded apparel range for a local team, designed in the studio and printed by a Manchester printer.",
      technologies: ["Adobe Illustrator", "Screen printing", "Embroidery"],
      keyFeatures: ["Logo adaptations for fabric", "Colourway mock-ups", "Size runs and ordering", "Local printing"],
    },
  },
  "corporate-website": {
    details: {
      description: "A professional services website that builds trust from the first scroll, with clear service pages and easy contact.",
      technologies: ["React", "TypeScript", "Headless CMS", "Cloudflare"],
      keyFeatures: ["Service and team pages", "Case study library", "Contact and booking forms", "Search-friendly structure"],
    },
  },
  test: {
    details: {
      description: "A template case study used to preview the layout of generic project pages.",
      technologies: ["React", "TypeScript", "Tailwind CSS"],
      keyFeatures: ["Responsive layout", "Accessible components", "Fast loading"],
    },
  },
};
