/**
 * Invitations that calendars understand (worker/platform/ical.ts renderInvitation, and the
 * calendar part worker/platform/email.ts adds): read back with ical.js, as a calendar would, and
 * sent through the real local send_email binding.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { renderInvitation, type IcsInvitation } from "../../../worker/platform/ical";
import { sendMail } from "../../../worker/platform/email";
import { uniqueEmail, waitForMail } from "../support/helpers";

const call: IcsInvitation = {
  method: "REQUEST",
  prodId: "-//Redbrick Studio//Calls//EN",
  uid: "call-5f0c@redbrickstudio.co.uk",
  sequence: 0,
  stamp: "2026-11-28T10:00:00.000Z",
  start: "2026-12-03T11:00:00.000Z",
  end: "2026-12-03T11:30:00.000Z",
  summary: "Call with Redbrick Studio: a new website, shop, and booking",
  description: "Jo would like to talk about:\nA new site; maybe a shop.",
  location: "https://meet.example.com/redbrick",
  organizer: { email: "hello@redbrickstudio.co.uk", name: "Redbrick Studio" },
  attendees: [
    { email: "jo@carterbakes.co.uk", name: 'Jo "JC" Carter, Carter Bakes' },
    { email: "hannah@redbrickstudio.co.uk", name: "Hannah Whitaker" },
  ],
};

function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return { calendar, vevent, event };
}

describe("an invitation", () => {
  it("reads as a REQUEST for one timed event in UTC, organised by the studio, with both people invited", () => {
    const { calendar, vevent, event } = read(renderInvitation(call));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe(call.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(call.start);
    expect(event.endDate.toJSDate().toISOString()).toBe(call.end);
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe(call.summary);
    expect(event.description).toBe(call.description);
    expect(event.location).toBe(call.location);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.getFirstPropertyValue("organizer")).toBe("mailto:hello@redbrickstudio.co.uk");
    const attendees = event.attendees.map((a) => [a.getFirstValue(), a.getParameter("cn"), a.getParameter("rsvp")]);
    // A name's quotes cannot be escaped in a parameter: they go, and its comma stays inside the quoted value.
    expect(attendees).toEqual([
      ["mailto:jo@carterbakes.co.uk", "Jo JC Carter, Carter Bakes", "TRUE"],
      ["mailto:hannah@redbrickstudio.co.uk", "Hannah Whitaker", "TRUE"],
    ]);
  });

  it("a cancel names the same event, one sequence on, and says it is cancelled", () => {
    const { calendar, vevent, event } = read(renderInvitation({ ...call, method: "CANCEL", sequence: 1 }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.uid).toBe(call.uid);
    expect(event.sequence).toBe(1);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("goes by e-mail as the text's alternative, text/calendar with its method, which the calendar reads back whole", async () => {
    const to = uniqueEmail("invited");
    const ics = renderInvitation(call);
    await sendMail(env, {
      to,
      subject: "Your call with Redbrick Studio",
      text: "See you on Thursday.",
      calendar: { method: "REQUEST", ics },
    });
    const [mail] = await waitForMail(to);
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative; boundary="/);
    expect(mail.text).toBe("See you on Thursday.");
    expect(mail.calendar?.method).toBe("REQUEST");
    expect(mail.calendar?.ics).toBe(ics);
    expect(read(mail.calendar!.ics).event.uid).toBe(call.uid);
  });
});
