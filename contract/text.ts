/**
 * The one normaliser every free-text field passes through before its length is checked, so what
 * is stored is exactly what was validated, and every stored row survives export → import
 * (ARCHITECTURE.md habit 14). The order is fixed: Unicode NFC, then invisible and control
 * characters out, then trim, then (in the schemas) the length and "is anything left" checks.
 *
 * The rules, each with a test in tests/web/text.test.ts:
 * - **Line breaks.** `\r\n`, a lone `\r`, U+2028 and U+2029 become `\n`. Multi-line fields keep
 *   `\n` and `\t`; single-line fields turn them into a space, so "Jane\nDoe" stays two words.
 * - **Control characters** (C0, DEL, C1) are dropped: nobody types them, and a value made only of
 *   them would look empty.
 * - **Lone surrogates** (half of an emoji cut off) are dropped: they cannot be written as UTF-8,
 *   so they would not survive a file or a mail.
 * - **Bidi controls** (embeddings, overrides, isolates, LRM/RLM/ALM) are dropped: they can make
 *   a name read differently from what it is (CVE-2021-42574, "Trojan Source"). RTL text itself
 *   is letters and is kept.
 * - **Zero-width and other format characters** (U+200B, U+2060, U+FEFF, the soft hyphen…) are
 *   dropped, except where they are part of what is written: a zero-width joiner or non-joiner
 *   between two visible characters (👩‍👩‍👧, Persian and Indic scripts), and an emoji tag sequence
 *   (🏴󠁧󠁢󠁥󠁮󠁧󠁿, the flag of England).
 * - **Noncharacters** (U+FFFE, U+FFFF, U+FDD0–U+FDEF…) are dropped.
 * - **Visible.** A required field needs at least one letter, digit, punctuation mark or symbol:
 *   combining marks or variation selectors alone do not make a name.
 * Applying it twice gives the same text as applying it once.
 */
import * as z from "zod";

const TAG_SEQUENCE = "\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}";
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;
/** A tag sequence (kept), or a character to drop: controls but \n and \t, lone surrogates, noncharacters, format characters but the joiners. */
const DROP = new RegExp(`(${TAG_SEQUENCE})|(?![\\n\\t])\\p{Cc}|\\p{Cs}|\\p{Noncharacter_Code_Point}|(?![\\u200c\\u200d])\\p{Cf}`, "gu");
/** A joiner with no visible character on one side of it. */
const LOOSE_JOINER = /(?<![^\s\p{C}\p{Z}])[\u200c\u200d]|[\u200c\u200d](?![^\s\p{C}\p{Z}])/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export interface TextOptions {
  /** Keep line breaks and tabs (notes, comments, addresses). */
  multiline?: boolean;
}

export function normaliseText(value: string, { multiline = false }: TextOptions = {}): string {
  let text = value.normalize("NFC").replace(LINE_BREAK, "\n");
  if (!multiline) text = text.replace(/[\n\t]/g, " ");
  text = text.replace(DROP, (_, tag: string | undefined) => tag ?? "");
  // Dropping can join two removed characters' neighbours into a new sequence: NFC once more,
  // so applying the normaliser again changes nothing.
  return text.replace(LOOSE_JOINER, "").trim().normalize("NFC");
}

/** Whether the (normalised) text has something a reader can see. */
export const hasVisibleText = (text: string) => VISIBLE.test(text);

export interface TextRule extends TextOptions {
  max: number;
  /** Shortest accepted length, counted after normalising (default 1). */
  min?: number;
  /** The message for a value that is missing, too short or invisible. */
  required?: string;
  /** The message for a value over `max`. */
  tooLong?: string;
}

const tooLongDefault = (max: number) => `Must be at most ${max.toLocaleString("en-GB")} characters`;

/** Required free text: normalised, then at least `min` characters with something visible, at most `max`. */
export const requiredText = ({ max, min = 1, required = "This field is required", tooLong, multiline }: TextRule) =>
  z
    .string({ error: required })
    .overwrite((s) => normaliseText(s, { multiline }))
    .min(min, required)
    .max(max, tooLong ?? tooLongDefault(max))
    .refine(hasVisibleText, required);

/**
 * Optional free text: normalised; blank, or nothing visible, becomes null so the database never
 * stores "" (and a value of only invisible characters is not a value).
 */
export const optionalText = (max = 5000, { multiline = false, tooLong }: TextOptions & { tooLong?: string } = {}) =>
  z
    .string()
    .overwrite((s) => normaliseText(s, { multiline }))
    .max(max, tooLong ?? tooLongDefault(max))
    .nullable()
    .optional()
    .transform((v) => (v && hasVisibleText(v) ? v : null));

/** A string normalised before any check chained after it: the base of the two above, and of e-mails, URLs and phone numbers. */
export const normalisedString = (options: TextOptions = {}) => z.string().overwrite((s) => normaliseText(s, options));
