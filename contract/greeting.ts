/**
 * How an e-mail to a client opens: "Hello Olivia," from the contact's name, or "Hello," when the
 * name is not a person's (a company's, an address, initials). Both sides use it: the worker for the
 * mail it sends, the CRM for the message the studio sends itself. Guessing wrong is worse than not
 * guessing: "Hello Brierley," to a brewery reads as a mail merge gone wrong, so doubt gives "Hello,".
 */

/** Words that mark an organisation rather than a person, compared in lower case without dots. */
const ORGANISATION_WORDS = new Set([
  "ltd",
  "limited",
  "llp",
  "plc",
  "inc",
  "co",
  "corp",
  "company",
  "group",
  "holdings",
  "trading",
  "partners",
  "partnership",
  "associates",
  "agency",
  "studio",
  "studios",
  "services",
  "solutions",
  "consulting",
  "consultancy",
  "design",
  "digital",
  "media",
  "marketing",
  "tech",
  "technology",
  "technologies",
  "software",
  "systems",
  "labs",
  "works",
  "workshop",
  "supplies",
  "international",
  "uk",
  "the",
  "and",
  "of",
  "for",
  "trust",
  "foundation",
  "charity",
  "council",
  "club",
  "society",
  "school",
  "academy",
  "college",
  "university",
  "centre",
  "center",
  "clinic",
  "practice",
  "surgery",
  "salon",
  "spa",
  "gym",
  "fitness",
  "yoga",
  "pilates",
  "cafe",
  "café",
  "coffee",
  "bakery",
  "bakes",
  "kitchen",
  "restaurant",
  "bar",
  "pub",
  "inn",
  "hotel",
  "brewing",
  "brewery",
  "distillery",
  "farm",
  "shop",
  "store",
  "boutique",
  "joinery",
  "builders",
  "building",
  "construction",
  "plumbing",
  "electrical",
  "roofing",
  "landscaping",
  "gardens",
  "property",
  "properties",
  "homes",
  "estates",
  "lettings",
  "motors",
  "garage",
  "cars",
  "travel",
  "events",
  "photography",
  "films",
  "productions",
  "records",
  "print",
  "printing",
  "legal",
  "law",
  "solicitors",
  "accountants",
  "accounting",
  "finance",
  "insurance",
  "energy",
  "logistics",
  "removals",
  "cleaning",
  "care",
  "dental",
  "vets",
  "nursery",
  "team",
  "office",
  "admin",
  "accounts",
  "info",
  "hello",
  "sales",
  "enquiries",
]);

/** Titles kept with a surname ("Dr Patel") and dropped before a first name ("Mr John Smith" → John). */
const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lady", "lord", "rev", "revd"]);

/** A word a person's name is made of: letters, with an inner hyphen or apostrophe ("Mary-Jane", "O'Neill"). */
const NAME_WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

const capitalised = (word: string) =>
  word === word.toLowerCase() || word === word.toUpperCase() ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word;

/**
 * The name to greet someone by, from the name the CRM holds for them, or null when it does not read
 * as a person's: "Olivia Bennett" → "Olivia", "Dr Anita Patel" → "Anita", "Dr Patel" → "Dr Patel",
 * "Bennett, Olivia" → "Olivia"; "Brierley Brewing Co.", "VM Fitness", "J. Smith", "jo@example.com" → null.
 */
export function firstNameOf(name: string | null | undefined): string | null {
  if (!name) return null;
  let text = name.normalize("NFC").replace(/\s+/g, " ").trim();
  // "Surname, First": the part after the comma is the first name.
  const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
  if (comma) text = `${comma[2]} ${comma[1]}`;
  const words = text.split(" ").filter(Boolean);
  if (words.length === 0 || words.length > 4) return null;
  const bare = words.map((w) => w.replace(/\.$/, ""));
  if (bare.some((w) => !NAME_WORD.test(w))) return null;
  if (bare.some((w) => ORGANISATION_WORDS.has(w.toLowerCase()))) return null;
  // A short word in capitals beside ordinary ones ("VM Fitness", "ABC Plumbing") is a business's initials;
  // a whole name in capitals ("OLIVIA BENNETT") is only typed that way.
  const shouted = (w: string) => w === w.toUpperCase() && w !== w.toLowerCase();
  if (!bare.every(shouted) && bare.some((w) => w.length > 1 && w.length <= 4 && shouted(w))) return null;
  const [first, ...rest] = bare;
  if (TITLES.has(first.toLowerCase())) {
    if (rest.length === 0) return null;
    if (rest.length === 1) return `${capitalised(first)} ${capitalised(rest[0])}`;
    return rest[0].length > 1 ? capitalised(rest[0]) : null;
  }
  // An initial ("J Smith", "J. Smith") is not something to greet anyone by.
  if (first.length < 2) return null;
  return capitalised(first);
}

/** The greeting line: "Hello Olivia," or "Hello,". */
export const greetingFor = (name: string | null | undefined): string => {
  const first = firstNameOf(name);
  return first ? `Hello ${first},` : "Hello,";
};

/** Whether a message the studio wrote already opens with a greeting of its own ("Hi Jo,", "Dear Olivia"). */
export const opensWithGreeting = (message: string): boolean =>
  /^\s*(hello|hi|hey|dear|good (morning|afternoon|evening))\b.{0,60}$/i.test(message.split("\n", 1)[0] ?? "");
