/** A name's initials for avatars; apart from live.ts (and its zod schemas) so the CRM's first load can use it without zod. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
