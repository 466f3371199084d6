/**
 * The documents the demo shares with clients: Sophie Turner's proposal written out as a document,
 * with her question and the studio's answer, and Brierley Brewing's Sent invoice.
 */

/** Which proposal (PROPOSALS) is shared, and what its document says. */
export const SHARED_PROPOSAL = {
  title: "Proposal for Sophie Turner",
  client: "Sophie Turner",
  intro: "Thank you for telling us about the studio. Here is how we would give Sophie Turner Yoga a site that fills classes by itself.",
  sections: [
    {
      heading: "Scope",
      body: "- A timetable your team updates from a phone\n- Booking and payment for classes and courses\n- A members' area for recordings, in phase two",
    },
    {
      heading: "Timeline",
      body: "Phase one in six weeks from the go-ahead, phase two four weeks after.\n\nWe meet weekly, by video or at the studio.",
    },
  ],
  lines: [
    { description: "Design: timetable, booking and members' pages", quantity: 1, unit_price: 1800 },
    { description: "Build and launch, phase one (timetable and booking)", quantity: 1, unit_price: 2200 },
    { description: "Members' area, phase two", quantity: 1, unit_price: 800 },
  ],
  /** Valid for this many days from today. */
  validDays: 30,
  /** Opened twice since it was shared, this many days ago. */
  sharedDays: 6,
  views: 2,
  question: { body: "Could phase one be live before our January intake?", daysAgo: 2 },
  answer: { body: "Yes: with a go-ahead this week, phase one goes live in the first week of January.", daysAgo: 1 },
};

/** Whose Sent invoice is shared (a client's key), and when it was shared and opened. */
export const SHARED_INVOICE = { client: "brierley", sharedDays: 2, viewedDays: 1, views: 1 };
