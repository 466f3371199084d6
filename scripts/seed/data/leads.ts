/**
 * The demo's prospects: Manchester-area small businesses. Plain data, so the seed (and anyone
 * writing a test against the demo) reads one list. Everything here is fictional; e-mail domains
 * are .co.uk look-alikes that are never mailed.
 */
import type { LeadStatus } from "../../../contract/lead";

export interface LeadSeed {
  name: string;
  status: LeadStatus;
  company: string;
  /** Where they are, for the notes. */
  area: string;
  /** What they asked for, in their words. */
  need: string;
  domain: string;
}

/** The 40 curated leads: 9 New, 8 Qualified, 7 Proposal Sent, 6 Negotiation, 6 Won, 4 Lost. Indexes matter: clients and projects refer to them. */
export const LEADS: LeadSeed[] = [
  {
    name: "Priya Shah",
    status: "New",
    company: "Mill Street Roastery",
    area: "Ancoats",
    need: "Wholesale ordering page for cafés and a subscription shop",
    domain: "millstreetroastery.co.uk",
  },
  {
    name: "Tom Hughes",
    status: "Qualified",
    company: "Hughes & Daughter Plumbing",
    area: "Stockport",
    need: "A site that gets emergency call-outs from Google",
    domain: "hughesplumbing.co.uk",
  },
  {
    name: "Sophie Turner",
    status: "Proposal Sent",
    company: "Chorlton Yoga Loft",
    area: "Chorlton",
    need: "Class timetable with online booking and a members' area",
    domain: "chorltonyogaloft.co.uk",
  },
  {
    name: "Daniel O'Connor",
    status: "New",
    company: "Northern Quarter Vintage",
    area: "Northern Quarter",
    need: "Shopify replacement with one-off stock and Instagram feed",
    domain: "nqvintage.co.uk",
  },
  {
    name: "Aisha Begum",
    status: "Negotiation",
    company: "Rusholme Spice Kitchen",
    area: "Rusholme",
    need: "Menu, table bookings and a catering enquiry form",
    domain: "rusholmespice.co.uk",
  },
  {
    name: "James Whitworth",
    status: "Won",
    company: "Whitworth Joinery",
    area: "Bury",
    need: "Portfolio of fitted kitchens and a quote request form",
    domain: "whitworthjoinery.co.uk",
  },
  {
    name: "Emma Lawton",
    status: "Qualified",
    company: "Didsbury Florist Co.",
    area: "Didsbury",
    need: "Same-day flower delivery shop with postcode checker",
    domain: "didsburyflorist.co.uk",
  },
  {
    name: "Kieran Walsh",
    status: "New",
    company: "Walsh Roofing Services",
    area: "Salford",
    need: "Rebuild of a slow WordPress site; more local leads",
    domain: "walshroofing.co.uk",
  },
  {
    name: "Fatima Khan",
    status: "Proposal Sent",
    company: "Levenshulme Lettings",
    area: "Levenshulme",
    need: "Property listings with landlord and tenant portals",
    domain: "levylettings.co.uk",
  },
  {
    name: "Oliver Bennett",
    status: "Qualified",
    company: "Bennett Family Butchers",
    area: "Altrincham",
    need: "Click-and-collect meat boxes for weekends",
    domain: "bennettbutchers.co.uk",
  },
  {
    name: "Grace Mitchell",
    status: "Negotiation",
    company: "Sale Moor Physiotherapy",
    area: "Sale",
    need: "Online booking and treatment pages that rank locally",
    domain: "salemoorphysio.co.uk",
  },
  {
    name: "Liam Doyle",
    status: "New",
    company: "Doyle Electrical",
    area: "Oldham",
    need: "Simple five-page site and a logo refresh",
    domain: "doyleelectrical.co.uk",
  },
  {
    name: "Chloe Fairbrother",
    status: "Lost",
    company: "Fairbrother Bridal",
    area: "Wilmslow",
    need: "Luxury boutique site with appointment booking",
    domain: "fairbrotherbridal.co.uk",
  },
  {
    name: "Mohammed Iqbal",
    status: "Qualified",
    company: "Cheetham Hill Wholesale",
    area: "Cheetham Hill",
    need: "Trade catalogue with account pricing",
    domain: "chwholesale.co.uk",
  },
  {
    name: "Rebecca Stott",
    status: "Proposal Sent",
    company: "Castlefield Events",
    area: "Castlefield",
    need: "Venue hire site with availability calendar",
    domain: "castlefieldevents.co.uk",
  },
  {
    name: "Connor McKenna",
    status: "Won",
    company: "McKenna Motors",
    area: "Stretford",
    need: "Used car listings fed from their stock system",
    domain: "mckennamotors.co.uk",
  },
  {
    name: "Lucy Crossley",
    status: "New",
    company: "Crossley Dog Grooming",
    area: "Prestwich",
    need: "Booking calendar and a gallery of happy dogs",
    domain: "crossleygrooming.co.uk",
  },
  {
    name: "Ben Ashworth",
    status: "Negotiation",
    company: "Ashworth Accountancy",
    area: "Bolton",
    need: "Professional rebrand and a site that explains their fixed fees",
    domain: "ashworthaccounts.co.uk",
  },
  {
    name: "Zara Ahmed",
    status: "Qualified",
    company: "Zara's Bakehouse",
    area: "Withington",
    need: "Celebration cake ordering with a deposit",
    domain: "zarasbakehouse.co.uk",
  },
  {
    name: "Matthew Greenhalgh",
    status: "Won",
    company: "Greenhalgh Landscapes",
    area: "Wigan",
    need: "Before-and-after gallery and a garden design enquiry flow",
    domain: "greenhalghlandscapes.co.uk",
  },
  {
    name: "Olivia Brennan",
    status: "Lost",
    company: "Brennan Hair Studio",
    area: "Urmston",
    need: "Salon site with stylist profiles and online booking",
    domain: "brennanhair.co.uk",
  },
  {
    name: "Samuel Okafor",
    status: "New",
    company: "Okafor Tutoring",
    area: "Moss Side",
    need: "Tutor profiles and a parents' sign-up form",
    domain: "okafortutoring.co.uk",
  },
  {
    name: "Jessica Hartley",
    status: "Proposal Sent",
    company: "Hartley Home Staging",
    area: "Hale",
    need: "Elegant portfolio for estate agents and developers",
    domain: "hartleystaging.co.uk",
  },
  {
    name: "Adam Fletcher",
    status: "Negotiation",
    company: "Fletcher Cycles",
    area: "Ramsbottom",
    need: "Bike shop e-commerce with workshop booking",
    domain: "fletchercycles.co.uk",
  },
  {
    name: "Niamh Gallagher",
    status: "Qualified",
    company: "Heaton Moor Dental",
    area: "Heaton Moor",
    need: "Treatment price list and new-patient forms",
    domain: "heatonmoordental.co.uk",
  },
  {
    name: "Ryan Pickering",
    status: "New",
    company: "Pickering Print",
    area: "Rochdale",
    need: "Online print ordering with artwork upload",
    domain: "pickeringprint.co.uk",
  },
  {
    name: "Holly Marsden",
    status: "Proposal Sent",
    company: "Marsden Pilates",
    area: "Marple",
    need: "Class passes and a blog about reformer Pilates",
    domain: "marsdenpilates.co.uk",
  },
  {
    name: "Imran Hussain",
    status: "Lost",
    company: "Hussain Opticians",
    area: "Longsight",
    need: "Eye test booking and a frames gallery",
    domain: "hussainopticians.co.uk",
  },
  {
    name: "Katie Sutcliffe",
    status: "Negotiation",
    company: "Sutcliffe Removals",
    area: "Ashton-under-Lyne",
    need: "Instant quote calculator for house moves",
    domain: "sutcliffremovals.co.uk",
  },
  {
    name: "George Ramsden",
    status: "Qualified",
    company: "The Ramsden Arms",
    area: "Stalybridge",
    need: "Pub site with food menu, events and table booking",
    domain: "ramsdenarms.co.uk",
  },
  {
    name: "Amelia Holt",
    status: "Won",
    company: "Holt Wedding Photography",
    area: "Didsbury",
    need: "Fast portfolio site with client galleries",
    domain: "holtweddings.co.uk",
  },
  {
    name: "Nathan Brierley",
    status: "Won",
    company: "Brierley Brewing Co.",
    area: "Ancoats",
    need: "Taproom site with online beer shop and events",
    domain: "brierleybrewing.co.uk",
  },
  {
    name: "Megan Lowe",
    status: "Won",
    company: "Lowe & Co Solicitors",
    area: "Spinningfields",
    need: "Trustworthy firm website with practice area pages",
    domain: "loweandco.co.uk",
  },
  {
    name: "Callum Riley",
    status: "Proposal Sent",
    company: "Riley Strength & Conditioning",
    area: "Sale",
    need: "Coaching packages with online payments",
    domain: "rileystrength.co.uk",
  },
  {
    name: "Ellie Kershaw",
    status: "New",
    company: "Kershaw Kids Nursery",
    area: "Swinton",
    need: "Nursery site with virtual tour and waiting list form",
    domain: "kershawkids.co.uk",
  },
  {
    name: "Harvey Booth",
    status: "Negotiation",
    company: "Booth Scaffolding",
    area: "Middleton",
    need: "Site that wins commercial tenders; case studies",
    domain: "boothscaffolding.co.uk",
  },
  {
    name: "Ruby Lindley",
    status: "Proposal Sent",
    company: "Lindley Skincare",
    area: "Northern Quarter",
    need: "Skincare e-commerce with subscriptions",
    domain: "lindleyskincare.co.uk",
  },
  {
    name: "Owen Pritchard",
    status: "Qualified",
    company: "Pritchard Property Services",
    area: "Eccles",
    need: "Maintenance request portal for landlords",
    domain: "pritchardproperty.co.uk",
  },
  {
    name: "Yasmin Patel",
    status: "Lost",
    company: "Patel Pharmacy",
    area: "Cheadle",
    need: "Prescription ordering and travel clinic booking",
    domain: "patelpharmacy.co.uk",
  },
  {
    name: "Jack Heywood",
    status: "New",
    company: "Heywood Car Valeting",
    area: "Heywood",
    need: "Mobile valeting booking with package prices",
    domain: "heywoodvaleting.co.uk",
  },
];

/** Won leads that became clients: lead index → client key. */
export const CONVERTED_LEADS = { 19: "greenhalgh", 30: "holt", 31: "brierley", 32: "lowe" } as const;

/** For leads beyond the curated 40 (`--leads N`, the benchmark data). */
export const GENERATED = {
  firstNames:
    "Alex Bethany Charlie Dylan Erin Freddie Georgia Harry Isla Jacob Keira Lewis Maisie Noah Phoebe Reece Scarlett Toby Umar Victoria Will Yusuf Zoe Nadia Ravi Sian Declan".split(
      " ",
    ),
  lastNames:
    "Ainsworth Barlow Cartwright Dawson Entwistle Fielding Grundy Haworth Ingham Jackson Kenyon Lomax Mellor Nuttall Ogden Partington Quinn Royle Schofield Taylor Unsworth Vickers Wood Ali Chowdhury Nowak Murphy".split(
      " ",
    ),
  trades:
    "Plumbing,Bakery,Barbers,Fitness,Joinery,Florist,Dental,Cafe,Removals,Landscapes,Tutoring,Photography,Accountants,Electrical,Boutique,Pet Care,Physio,Garage,Print,Catering".split(
      ",",
    ),
  areas:
    "Ancoats Didsbury Chorlton Salford Stockport Altrincham Sale Prestwich Bury Oldham Rochdale Wigan Bolton Stretford Urmston Hale Wilmslow Stalybridge Marple Eccles Swinton Middleton".split(
      " ",
    ),
};

/** A first note on a lead's timeline, picked at random. */
export const NOTES = [
  "Called: keen to launch before the summer.",
  "Prefers e-mail; replies in the evenings.",
  "Has a tight budget but a clear brief.",
  "Referred by an existing client; warm lead.",
  "Current site is on Wix and slow on mobile.",
  "Wants to see examples of local trade websites.",
  "Decision maker is the co-owner; include both on e-mails.",
];

/** What a lead's next step reads, by status (null: none). */
export const NEXT_ACTIONS: Record<LeadStatus, (string | null)[]> = {
  New: ["Intro call to scope the brief", "Reply to website enquiry", "Send portfolio examples", "Qualify budget on a quick call"],
  Qualified: ["Book discovery call", "Send project questionnaire", "Confirm budget and timeline", "Share two relevant case studies"],
  "Proposal Sent": ["Chase proposal feedback", "Walk through the proposal on a call", "Answer questions on hosting costs"],
  Negotiation: ["Agree payment schedule", "Send revised quote", "Trim scope to fit budget", "Confirm start date"],
  Won: ["Kick-off meeting", "Collect content and logins", "Send deposit invoice"],
  Lost: [null, "Check back in six months", null],
};
