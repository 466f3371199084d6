/** Headings of the three legal pages (their full text is added with the page content). */
export const legalPages = [
  { path: "/terms", title: "Terms & Conditions" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/cookies", title: "Cookie Policy" },
] as const;
