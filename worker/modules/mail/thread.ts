/**
 * Message-ID, In-Reply-To and References in one comparable form, so a reply finds the message it
 * answers. The form: angle brackets and whitespace (folding) removed, the part after the last "@"
 * lower-cased, the part before it kept as written. RFC 5322 makes the domain case-blind but not the
 * left part, and clients copy ids verbatim into replies, so an exact match on this form is both
 * correct and enough; lower-casing the whole id would risk joining two ids that differ only in case.
 */
import { MAIL_ID_MAX, MAIL_REFERENCES_MAX } from "../../../contract/mail";
import { normaliseText } from "../../../contract/text";

export function threadId(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = normaliseText(value.slice(0, MAIL_ID_MAX * 4))
    .replace(/^<+|>+$/g, "")
    .replace(/\s+/g, "");
  if (!id || id.length > MAIL_ID_MAX || /[<>]/.test(id)) return null;
  const at = id.lastIndexOf("@");
  const form = normaliseText(at > 0 ? id.slice(0, at) + id.slice(at).toLowerCase() : id);
  // Lower-casing can lengthen a character ("İ" is two): the stored form is what must fit.
  return form && form.length <= MAIL_ID_MAX ? form : null;
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
    if (ids.length > MAIL_REFERENCES_MAX * 4) break;
  }
  return ids.length > MAIL_REFERENCES_MAX ? [ids[0], ...ids.slice(-(MAIL_REFERENCES_MAX - 1))] : ids;
}
