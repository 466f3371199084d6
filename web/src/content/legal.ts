/** Paths and titles of the three legal pages (the footer imports this; their text is in legal-text.ts). */
export const legalPages = [
  { path: "/terms", title: "Terms & Conditions" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/cookies", title: "Cookie Policy" },
] as const;
