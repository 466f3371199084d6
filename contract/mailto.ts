/**
 * mailto: links with every part URL-encoded (RFC 6068), so a value can only ever be the value:
 * a client named `A&bcc=x@evil.tld` stays one subject and adds no recipient or header. Shared
 * because the worker fills the same link into the prerendered preview page that the island renders.
 */

/** A lone surrogate cannot be encoded (encodeURIComponent throws): it is written as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One part of a mailto: link (a header's value, or either side of the address's `@`). */
export const mailtoPart = (value: string): string => encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD"));

/** `mailto:{address}?{field}={value}&…`, each piece encoded. */
export function mailtoLink(address: string, fields: Record<string, string> = {}): string {
  const at = address.lastIndexOf("@");
  const to = at < 0 ? mailtoPart(address) : `${mailtoPart(address.slice(0, at))}@${mailtoPart(address.slice(at + 1))}`;
  const query = Object.entries(fields)
    .map(([name, value]) => `${mailtoPart(name)}=${mailtoPart(value)}`)
    .join("&");
  return `mailto:${to}${query ? `?${query}` : ""}`;
}
