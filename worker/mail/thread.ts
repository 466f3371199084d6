/**
 * Message-ID, In-Reply-To and References in one comparable form, so a reply finds the message it
 * answers. The form: angle brackets and whitespace (folding) removed, the part after the last "@"
 * lower-cased, the part before it kept as written. RFC 5322 makes the domain case-blind but not the
 * left part, and clients copy ids verbatim into replies, so an exact match on this form is both
 * correct and enough; lower-casing the whole id would risk joining two ids that differ only in case.
 */
import { normaliseText } from "../../contract/text";

/** RFC 5322 lines are at most 998 characters; an id near that is hostile, not a thread. */
const MAX_ID_CHARS = 255;
/** References grows by one id per reply; the root and the most recent ancestors are what matching needs. */
export const MAX_REFERENCES = 50;

export function threadId(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = normaliseText(value.slice(0, MAX_ID_CHARS * 4))
    .replace(/^<+|>+$/g, "")
    .replace(/\s+/g, "");
  if (!id || id.length > MAX_ID_CHARS || /[<>]/.test(id)) return null;
  const at = id.lastIndexOf("@");
  const form = at > 0 ? id.slice(0, at) + id.slice(at).toLowerCase() : id;
  return normaliseText(form) || null;
}

/** Every id in an In-Reply-To or References value, in order, without repeats. */
export function threadIds(value: string | null | undefined): string[] {
  if (!value) return [];
  const text = value.slice(0, 64 * 1024);
  const bracketed = text.match(/<[^<>]*>/g);
  const ids: string[] = [];
  for (const raw of bracketed ?? text.split(/[\s,]+/)) {
    const id = threadId(raw);
    if (id && !ids.includes(id)) ids.push(id);
    if (ids.length > MAX_REFERENCES * 4) break;
  }
  return ids.length > MAX_REFERENCES ? [ids[0], ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
}
