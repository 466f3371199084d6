/** A record the demo data points at: the i-th curated lead (LEADS), or a client (CLIENTS) or project (PROJECTS) by its key. */
export type SeedRef = { lead: number } | { client: string } | { project: string };
