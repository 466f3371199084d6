/** web/src/content/site.ts: a claim with a date in it follows the calendar, not the day it was written. */
import { describe, expect, it } from "vitest";
import { SPOTS_LEFT, spotsBadgeFor } from "../../web/src/content/site";

describe("the spots-left badge", () => {
  it("names the quarter after the one the site was built in, in the spec's words", () => {
    expect(spotsBadgeFor(new Date("2026-11-25T12:00:00Z"))).toBe(`${SPOTS_LEFT} spots left for Q1`);
    expect(spotsBadgeFor(new Date("2026-01-01T00:00:00Z"))).toBe(`${SPOTS_LEFT} spots left for Q2`);
    expect(spotsBadgeFor(new Date("2026-05-31T23:00:00Z"))).toBe(`${SPOTS_LEFT} spots left for Q3`);
    expect(spotsBadgeFor(new Date("2026-09-30T23:59:59Z"))).toBe(`${SPOTS_LEFT} spots left for Q4`);
    expect(spotsBadgeFor(new Date("2026-12-31T23:59:59Z"), 2)).toBe("2 spots left for Q1");
  });
});
