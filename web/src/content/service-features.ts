/** The three feature cards of each service page (kept apart from services.ts, which the header loads on every page). */
import type { Service } from "./services";

export const serviceFeatures: Record<Service["path"], readonly { title: string; text: string }[]> = {
  "/web-design": [
    { title: "Built to convert", text: "Clear messages, obvious next steps and enquiry forms that land straight in your inbox." },
    { title: "Fast on every phone", text: "Lightweight pages that load quickly on mobile data, which customers and Google both reward." },
    { title: "Yours to run", text: "Edit text, photos and opening hours yourself; we stay on hand for anything bigger." },
  ],
  "/branding": [
    { title: "Logo and identity", text: "A logo that works on a shop sign, a van and a favicon, with variations for each." },
    { title: "Colour and type", text: "A palette and type pairing chosen for legibility and contrast, not just fashion." },
    { title: "Brand guidelines", text: "A short, practical guide so your team and suppliers apply the brand consistently." },
  ],
  "/apparel": [
    {
      title: "Design in the studio",
      text: "Workwear, merch and team kit designed around your brand, with mock-ups before anything is printed.",
    },
    { title: "Printed locally", text: "Screen printing and embroidery through trusted Greater Manchester printers." },
    { title: "Small runs welcome", text: "From a dozen polos for a new team to a full merch range for an event." },
  ],
  "/seo": [
    { title: "Local search", text: "Google Business Profile, local pages and reviews so you show up for searches near you." },
    { title: "Technical health", text: "Fast pages, clean structure and fixed errors, so search engines can read every page." },
    { title: "Plain-English reporting", text: "A monthly summary of what moved, what we changed and what comes next." },
  ],
  "/ecommerce": [
    { title: "Simple to manage", text: "Add products, change prices and process orders without calling a developer." },
    { title: "Quick checkout", text: "Fewer steps, card and wallet payments, and delivery options that match how you ship." },
    { title: "Built to grow", text: "Collections, filters and search that still work when ten products become ten thousand." },
  ],
};
