/** The five services: names and paths for the header, footer and service pages. */
export interface Service {
  name: string;
  path: "/web-design" | "/branding" | "/apparel" | "/seo" | "/ecommerce";
  /** The page's h1. */
  heading: string;
  summary: string;
}

export const services: readonly Service[] = [
  {
    name: "Web Design",
    path: "/web-design",
    heading: "Web Design in Manchester",
    summary: "Fast, clean websites built to turn visitors into enquiries, live in as little as 5 days.",
  },
  {
    name: "Branding",
    path: "/branding",
    heading: "Branding & Identity",
    summary: "Logos, colour and type that make a small business look as good as it is.",
  },
  {
    name: "Apparel",
    path: "/apparel",
    heading: "Apparel Design & Printing",
    summary: "Branded workwear, merch and team kit, designed in the studio and printed locally.",
  },
  {
    name: "SEO",
    path: "/seo",
    heading: "SEO for Manchester Businesses",
    summary: "Local search optimisation so customers across Greater Manchester find you first.",
  },
  {
    name: "Ecommerce",
    path: "/ecommerce",
    heading: "Ecommerce Websites",
    summary: "Online shops that are simple to run and quick to check out, from ten products to ten thousand.",
  },
];

export function serviceByPath(path: string): Service {
  const service = services.find((s) => s.path === path);
  if (!service) throw new Error(`No service at ${path}`);
  return service;
}
