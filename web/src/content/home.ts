/** The home page's copy: client logos, the build timeline, the team and the featured project. */
export const clientLogos: readonly string[] = [
  "Dreamwell",
  "Guest Favourite",
  "Amco Real Estate",
  "Propalytiq",
  "Mod Est Paris",
  "Vine Street Synagogue",
  "JudaicArtz",
];

export const buildSteps: readonly { day: string; title: string; text: string }[] = [
  {
    day: "Day 1",
    title: "Strategy call and content",
    text: "A 30-minute call to agree goals, pages and tone. We collect your logo, photos and copy, or help you write it.",
  },
  {
    day: "Day 2–3",
    title: "Design and feedback",
    text: "You see the homepage and key pages designed in full. Tell us what to change; we turn feedback around the same day.",
  },
  {
    day: "Day 4–5",
    title: "Build and testing",
    text: "We build the approved design, connect your forms and bookings, and test on phones, tablets and desktops.",
  },
  {
    day: "Day 6–7",
    title: "Final polish and launch",
    text: "Last tweaks, speed and SEO checks, then we put it live on your domain and show you how to update it.",
  },
];

export const team: readonly { name: string; role: string; text: string; initials: string }[] = [
  {
    name: "Hannah",
    role: "Founder & Lead Designer",
    text: "Plans every project and designs the pages. You talk to her from the first call to launch day.",
    initials: "H",
  },
  {
    name: "Marcus",
    role: "Head of Sales & Client Care",
    text: "Scopes your project, keeps it on schedule and is your first call for changes after launch.",
    initials: "M",
  },
  {
    name: "The build team",
    role: "Developers",
    text: "Turn approved designs into fast, accessible websites and look after hosting and updates.",
    initials: "RS",
  },
];

/** The project shown in the home page's featured band (a case study slug). */
export const featuredSlug = "dreamwell";
export const featuredBlurb =
  "A property management company in south Manchester needed a brand and website as dependable as its service. We delivered both together: a calm new identity and a site built around landlords and tenants.";
