/** Every public route with the text of its one h1, shared by the public-page specs. */
import { caseStudies } from "../../web/src/content/case-studies";
import { clientPreviews } from "../../web/src/content/client-previews";
import { services } from "../../web/src/content/services";

export const h1s: Record<string, string> = {
  "/": "Websites that win you customers, live in 5 days.",
  ...Object.fromEntries(services.map((s) => [s.path, s.heading])),
  "/portfolio": "Our Work",
  ...Object.fromEntries(caseStudies.map((c) => [`/portfolio/${c.slug}`, c.title])),
  "/client-previews": "Client Previews",
  ...Object.fromEntries(clientPreviews.map((c) => [`/clients/${c.id}`, "Client Preview"])),
  "/testimonials": "Client Testimonials",
  "/contact": "Let's work together",
  "/free-redesign": "Get Your Free Redesign",
  "/terms": "Terms & Conditions",
  "/privacy": "Privacy Policy",
  "/cookies": "Cookie Policy",
};
