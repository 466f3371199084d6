/**
 * VM Fitness are reviewing their rebuild: an earlier version with a resolved comment and the
 * studio's reply, and two open comments on the version now on screen (its URL is the preview
 * record's, so the page and the CRM agree). Approving it moves "VM Fitness Website Rebuild" to Launch.
 */
export const PREVIEW_FEEDBACK = {
  previewId: "vm-fitness",
  author: "Vicky Marsh",
  /** The earlier version (the preview URL with "-draft") and the current one, published this many days ago. */
  draftDays: 9,
  currentDays: 3,
  comments: [
    {
      on: "draft",
      daysAgo: 8,
      body: "The logo looks squashed on my phone. Can it keep its proportions?",
      page: "/",
      status: "Resolved",
      reply: "Good spot, thank you. Fixed in the next version: the logo now scales without stretching.",
    },
    {
      on: "current",
      daysAgo: 2,
      body: "Could the class timetable sit higher on the home page? Most members go straight to it.",
      page: "/",
      status: "Open",
      reply: null,
    },
    {
      on: "current",
      daysAgo: 1,
      body: "The phone number in the footer is our old one. It should be 0161 496 0123.",
      page: "/contact",
      status: "Open",
      reply: null,
    },
  ],
} as const;
