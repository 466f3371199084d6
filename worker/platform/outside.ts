/**
 * Reading an address outside the studio's own (a host's calendar, GOV.UK's bank holidays): fetch
 * in production, a stand-in in tests, and a time limit, so a slow server never holds up a job.
 */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

const OUTSIDE_TIMEOUT_MS = 15_000;

/** GET `url` asking for `accept`, given up on after 15 seconds (a rejected promise, as a network failure is). */
export const readOutside = (url: string, accept: string, fetcher: Fetcher = fetch) =>
  fetcher(url, { headers: { accept }, redirect: "follow", signal: AbortSignal.timeout(OUTSIDE_TIMEOUT_MS) });
