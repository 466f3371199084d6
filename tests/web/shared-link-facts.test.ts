/** How the CRM says when the client opened a shared link: "Opened" with the first and last time, in the house format. */
import { describe, expect, it } from "vitest";
import { openedText } from "../../web/src/components/shared-link-facts";

const share = (views: number, first: string | null, last: string | null) => ({
  shared_at: "2026-11-24T10:00:00.000Z",
  views,
  first_viewed_at: first,
  last_viewed_at: last,
  emailed_to: null,
  emailed_at: null,
});

describe("openedText", () => {
  it("says Opened with how often, then the first and last time in London", () => {
    expect(openedText(share(3, "2026-11-25T14:30:00.000Z", "2026-11-26T09:12:00.000Z"))).toBe(
      "Opened 3 times · first 25 Nov 2026, 14:30 · last 26 Nov 2026, 09:12",
    );
    // British Summer Time: an hour ahead of UTC.
    expect(openedText(share(1, "2026-06-01T08:05:00.000Z", "2026-06-01T08:05:00.000Z"))).toBe("Opened once · 1 Jun 2026, 09:05");
  });

  it("says Not opened yet before the first view", () => {
    expect(openedText(share(0, null, null))).toBe("Not opened yet");
  });
});
