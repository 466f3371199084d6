/**
 * POST /api/book: a visitor books a call. The call, its lead (found by e-mail, or made with the
 * source Call booking), a Meeting on the lead's timeline and the host's task are written together
 * or not at all; the visitor and the host get invitations their calendars understand; a time that
 * cannot be booked is refused with the reason and the nearest free times, changing nothing.
 */
import { env, exports } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import {
  apiClient,
  errorOf,
  expectJson,
  mailTo,
  rows,
  runCron,
  signInAs,
  subjectOf,
  threeInARow,
  waitForMail,
  type Staff,
} from "../support/helpers";
import { DEFAULT_BOOKING_SETTINGS } from "../../../contract/booking-settings";
import type { BookingInput } from "../../../contract/booking";

let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner");
});

const visitor = () => apiClient();
const hostIs = async (hostId: string | null) => {
  const { updated_at } = await expectJson(owner.api.crm.settings.bookings.$get(), 200);
  return expectJson(
    owner.api.crm.settings.bookings.$put({
      json: { ...DEFAULT_BOOKING_SETTINGS, host_id: hostId, meeting_link: "https://meet.example.com/redbrick", updated_at },
    }),
    200,
  );
};
const times = async () => (await expectJson(visitor().book.times.$get({ query: { zone: "America/New_York" } }), 200)).days;
const firstFree = async () => (await times())[0].starts[0];

let n = 0;
const booking = (start: string, over: Partial<BookingInput> = {}): BookingInput => {
  n += 1;
  return {
    start,
    name: `Jo Carter ${n}`,
    email: `jo-${n}-${crypto.randomUUID().slice(0, 6)}@carterbakes.co.uk`,
    company: "Carter Bakes",
    topic: "A new website for the bakery, with online orders",
    heard_from: "A friend",
    zone: "America/New_York",
    ...over,
  };
};
const book = (json: BookingInput) => visitor().book.$post({ json });
/** The booked call of a 201 (a honeypot's 201 has none). */
const booked = async (json: BookingInput) => {
  const answer = await expectJson(book(json), 201);
  if (!answer.call) throw new Error("no call in the answer");
  return { ...answer, call: answer.call };
};
const counts = async () => ({
  calls: (await rows("SELECT id FROM calls")).length,
  leads: (await rows("SELECT id FROM leads")).length,
  tasks: (await rows("SELECT id FROM tasks")).length,
  meetings: (await rows("SELECT id FROM activities WHERE type = 'Meeting'")).length,
});

describe("booking a call", () => {
  it("writes the call, a Call booking lead, a Meeting on its timeline and the host's task, and sends invitations", async () => {
    await hostIs(owner.id);
    const start = await firstFree();
    const input = booking(start, { method: "video" });
    const { call } = await booked(input);
    expect(call).toMatchObject({ start, method: "video" });
    expect(Date.parse(call.end) - Date.parse(call.start)).toBe(30 * 60_000);

    const [lead] = await rows<{ id: string; source: string; notes: string; company: string }>(
      "SELECT id, source, notes, company FROM leads WHERE email = ?",
      input.email,
    );
    expect(lead).toMatchObject({ source: "Call booking", company: "Carter Bakes" });
    expect(lead.notes).toContain("About: A new website for the bakery, with online orders");
    expect(lead.notes).toContain("Heard of us: A friend");
    expect(await rows("SELECT lead_id, status FROM calls WHERE id = ?", call.id)).toEqual([{ lead_id: lead.id, status: "confirmed" }]);
    const [meeting] = await rows<{ summary: string; related_type: string }>(
      "SELECT summary, related_type FROM activities WHERE type = 'Meeting' AND related_id = ?",
      lead.id,
    );
    expect(meeting.summary).toMatch(/^Booked a call for .+ \(London time\): A new website/);
    const [task] = await rows<{ assignee_username: string; due_date: string; related_id: string }>(
      "SELECT assignee_username, due_date, related_id FROM tasks WHERE related_id = ?",
      lead.id,
    );
    expect(task).toMatchObject({ assignee_username: owner.id, related_id: lead.id });
    expect(task.due_date).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(start)));

    // The visitor's invitation: their time beside London's, the meeting link, and an iMIP REQUEST naming both people.
    const [mail] = await waitForMail(input.email);
    expect(mail.text).toContain("your time");
    expect(mail.text).toContain("https://meet.example.com/redbrick");
    expect(mail.text).toMatch(/\/book\/call\/[A-Za-z0-9_-]{43}/);
    expect(mail.calendar?.method).toBe("REQUEST");
    // As a calendar reads it: one VEVENT, at the call's instant, naming both people.
    const parsed = new ICAL.Component(ICAL.parse(mail.calendar!.ics));
    expect(parsed.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = new ICAL.Event(parsed.getFirstSubcomponent("vevent")!);
    expect(event.uid).toBe(`call-${call.id}@${env.MAIL_FROM.split("@")[1]}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(event.endDate.toJSDate().toISOString()).toBe(call.end);
    expect(event.attendees.map((a) => String(a.getFirstValue()))).toEqual([`mailto:${input.email}`, expect.stringMatching(/^mailto:/)]);
    const ics = mail.calendar!.ics.replace(/\r\n /g, "");
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:call-${call.id}@`);
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(ics).toContain(`:mailto:${input.email}`);
    const [hostMail] = await rows<{ email: string }>("SELECT email FROM users WHERE id = ?", owner.id);
    expect(ics).toContain(`:mailto:${hostMail.email}`);
    expect((await waitForMail(hostMail.email))[0].calendar?.method).toBe("REQUEST");
    // The studio inbox is told too (a shared inbox: this booking's note is found by the visitor's name).
    const told = async () => (await mailTo(env.STUDIO_INBOX)).find((m) => subjectOf(m).startsWith(`Call booked: ${input.name},`));
    await expect.poll(told, { timeout: 3000 }).toBeDefined();
    expect((await told())?.text).toContain("About: A new website for the bakery, with online orders");

    // The time is no longer offered.
    expect((await times()).flatMap((d) => d.starts)).not.toContain(start);
  });

  it("files a returning visitor's call on the lead their e-mail already has", async () => {
    await hostIs(owner.id);
    const { lead } = await expectJson(
      owner.api.crm.leads.$post({ json: { name: "Jo Carter", email: "Jo.Returning@CarterBakes.co.uk", source: "Referral" } }),
      201,
    );
    const before = (await rows("SELECT id FROM leads")).length;
    const { call } = await booked(booking(await firstFree(), { email: "jo.returning@carterbakes.co.uk" }));
    expect((await rows("SELECT id FROM leads")).length).toBe(before);
    expect(await rows("SELECT lead_id FROM calls WHERE id = ?", call.id)).toEqual([{ lead_id: lead.id }]);
    const notes = await rows<{ description: string }>("SELECT description FROM lead_activities WHERE lead_id = ?", lead.id);
    expect(notes.some((x) => x.description.startsWith("Call booked on the website for"))).toBe(true);
  });

  it("twenty visitors choosing the same time at once: one call, nineteen told it is taken with the nearest free times", async () => {
    await hostIs(owner.id);
    const start = await firstFree();
    const before = await counts();
    const inputs = Array.from({ length: 20 }, () => booking(start));
    const answers = await Promise.all(inputs.map((i) => book(i)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    const body = (await refused[0].json()) as unknown as { error: { message: string; fields: Record<string, string> }; nearest: string[] };
    expect(body.error.fields.start).toBe("That time has just been taken. Choose another");
    expect(body.nearest).toHaveLength(3);
    expect(body.nearest).not.toContain(start);
    // Nothing half-written: one of each, and one visitor's invitation among the twenty addresses.
    expect(await counts()).toEqual({
      calls: before.calls + 1,
      leads: before.leads + 1,
      tasks: before.tasks + 1,
      meetings: before.meetings + 1,
    });
    const winner = inputs[answers.findIndex((a) => a.status === 201)];
    await waitForMail(winner.email);
    const mailed = await Promise.all(inputs.map((i) => mailTo(i.email)));
    expect(mailed.flat()).toHaveLength(1);
  });

  it("refuses what cannot be booked with its reason, changing nothing", async () => {
    await hostIs(null);
    const start = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString();
    expect((await errorOf(book(booking(start)), 422)).fields?.start).toBe("Calls cannot be booked just now. Please use the contact form");
    await hostIs(owner.id);
    const free = await firstFree();
    const before = await counts();
    const field = async (input: BookingInput, status: 409 | 422) => (await errorOf(book(input), status)).fields ?? {};

    expect((await field(booking("2020-01-06T10:00:00.000Z"), 422)).start).toBe("That time has passed. Choose another");
    expect((await field(booking(new Date(Date.now() + 60 * 60_000).toISOString()), 422)).start).toBe(
      "That time is too soon to book. Choose a later one",
    );
    expect((await field(booking(new Date(Date.parse(free) + 60 * 24 * 60 * 60_000).toISOString()), 422)).start).toBe(
      "That time is too far ahead to book yet. Choose an earlier one",
    );
    expect((await field(booking(new Date(Date.parse(free) + 7 * 60_000).toISOString()), 422)).start).toBe(
      "That is not one of the times we offer. Choose one from the list",
    );
    expect((await field(booking("not a time"), 422)).start).toBe("That is not one of the times we offer. Choose one from the list");
    expect((await field(booking(free, { email: "jo at bakery" }), 422)).email).toBe("Please enter a valid email address");
    expect((await field(booking(free, { method: "phone" }), 422)).phone).toBe("Enter a phone number so we can ring you");
    expect((await field(booking(free, { topic: "Hi" }), 422)).topic).toBe("Tell us in a few words what you would like to talk about");
    expect(await counts()).toEqual(before);

    // A bot's filled honeypot is answered as a person would be, and nothing is kept.
    await expectJson(book(booking(free, { website_url: "https://spam.example" })), 201);
    expect(await counts()).toEqual(before);
  });

  it("keeps visitors off the host's own timed tasks; not once done, nor someone else's", async () => {
    await hostIs(owner.id);
    const [first, second, third] = threeInARow((await times()).flatMap((d) => d.starts));
    const london = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/London",
      dateStyle: "short",
      timeStyle: "short",
      hourCycle: "h23",
    });
    const [date, time] = london.format(new Date(first)).split(", ");
    // An hour from the first free time: the first two 30-minute calls.
    const workshop = (
      await expectJson(
        owner.api.crm.tasks.$post({
          json: { title: "Workshop", assignee_username: owner.id, due_date: date, due_time: time, minutes: 60 },
        }),
        201,
      )
    ).task;
    const sales = await signInAs("Sales");
    await expectJson(
      sales.api.crm.tasks.$post({
        json: { title: "Not the host's", assignee_username: sales.id, due_date: date, due_time: time, minutes: 240 },
      }),
      201,
    );
    const starts = async () => (await times()).flatMap((d) => d.starts);
    const busy = await starts();
    expect(busy).not.toContain(first);
    expect(busy).not.toContain(second);
    expect(busy).toContain(third);
    const refused = await errorOf(book(booking(first)), 409);
    expect(refused.fields?.start).toBe("That time has just been taken. Choose another");

    await expectJson(
      owner.api.crm.tasks[":id"].$patch({ param: { id: workshop.id }, json: { completed: true, updated_at: workshop.updated_at } }),
      200,
    );
    expect(await starts()).toEqual(expect.arrayContaining([first, second, third]));
  });

  it("books at most two future calls for one e-mail address", async () => {
    await hostIs(owner.id);
    const starts = (await times()).flatMap((d) => d.starts);
    const email = `twice-${crypto.randomUUID().slice(0, 6)}@example.co.uk`;
    await expectJson(book(booking(starts[0], { email })), 201);
    await expectJson(book(booking(starts.at(-1)!, { email })), 201);
    const third = await errorOf(book(booking(starts[Math.floor(starts.length / 2)], { email })), 422);
    expect(third.fields?.start).toBe("You already have two calls booked with us. Reply to one of their e-mails to change it");
    expect(await rows("SELECT id FROM calls WHERE email = ?", email)).toHaveLength(2);
  });

  it("holds one address to two future calls even when it books several times at once", async () => {
    await hostIs(owner.id);
    const starts = (await times()).map((d) => d.starts[0]).slice(0, 5);
    expect(starts).toHaveLength(5);
    const email = `burst-${crypto.randomUUID().slice(0, 6)}@example.co.uk`;
    const answers = await Promise.all(starts.map((start) => book(booking(start, { email }))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422]);
    expect(await rows("SELECT id FROM calls WHERE email = ?", email)).toHaveLength(2);
    // The address was new: one lead for it, not one per booking, and both calls, tasks and Meetings on it.
    const made = await rows<{ id: string }>("SELECT id FROM leads WHERE email = ?", email);
    expect(made).toHaveLength(1);
    expect(await rows("SELECT DISTINCT lead_id FROM calls WHERE email = ?", email)).toEqual([{ lead_id: made[0].id }]);
    expect(await rows("SELECT id FROM tasks WHERE related_id = ?", made[0].id)).toHaveLength(2);
    expect(await rows("SELECT id FROM activities WHERE type = 'Meeting' AND related_id = ?", made[0].id)).toHaveLength(2);
  });
});

const ORIGIN = "http://localhost";
let ip = 0;
/** The page's form, posted by a browser with JavaScript off. */
const postNative = (fields: Record<string, string>, referer?: string) =>
  exports.default.fetch(`${ORIGIN}/api/book`, {
    method: "POST",
    headers: { "CF-Connecting-IP": `198.51.100.${++ip}`, Origin: ORIGIN, ...(referer ? { Referer: referer } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

describe("the booking page", () => {
  it("lists the free times by day in the chosen zone beside London's, and says when a zone was only guessed", async () => {
    await hostIs(owner.id);
    const chosen = await exports.default.fetch(`${ORIGIN}/book?zone=America/New_York`);
    expect(chosen.status).toBe(200);
    const html = await chosen.text();
    const first = await firstFree();
    expect(html).toContain(`name="start" value="${first}"`);
    expect(html).toMatch(/\d\d:\d\d your time · (\w+ )?\d\d:\d\d in Manchester/);
    expect(html).toContain('<option value="America/New_York" selected>');
    expect(html).toContain("Times are in New York, Toronto");
    const guessed = await (await exports.default.fetch(`${ORIGIN}/book`)).text();
    expect(guessed).toContain("We guessed London from where you are");
    // A studio that prefers an outside scheduler sends the site's Book a Call there.
    const { updated_at } = await expectJson(owner.api.crm.settings.bookings.$get(), 200);
    await expectJson(
      owner.api.crm.settings.bookings.$put({
        json: { ...DEFAULT_BOOKING_SETTINGS, host_id: owner.id, outside_scheduler_url: "https://cal.example.com/redbrick", updated_at },
      }),
      200,
    );
    const away = await exports.default.fetch(`${ORIGIN}/book`, { redirect: "manual" });
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe("https://cal.example.com/redbrick");
    // The template of a booked call's page is never served as it is.
    expect((await exports.default.fetch(`${ORIGIN}/book/call`)).status).toBe(404);
    expect((await exports.default.fetch(`${ORIGIN}/book/call/${"x".repeat(43)}`)).status).toBe(404);
  });

  it("books with JavaScript off: the post lands on the call's own page, which offers Add to calendar", async () => {
    await hostIs(owner.id);
    const start = await firstFree();
    const email = `native-${crypto.randomUUID().slice(0, 6)}@example.co.uk`;
    const fields = { start, method: "video", name: "Sam Native", email, topic: "A booking system for our salon", zone: "America/New_York" };
    // Sent from the page a campaign brought them to: the campaign is kept, as the enquiry forms keep it.
    const res = await postNative(fields, `${ORIGIN}/book?utm_source=newsletter&utm_campaign=spring`);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/book\/call\/[A-Za-z0-9_-]{43}$/);
    const page = await (await exports.default.fetch(`${ORIGIN}${location}`)).text();
    expect(page).toContain("your time");
    expect(page).toContain("Join the video call here: https://meet.example.com/redbrick");
    expect(page).toContain(`href="${location}/calendar.ics"`);
    const file = await exports.default.fetch(`${ORIGIN}${location}/calendar.ics`);
    expect(file.headers.get("content-type")).toContain("text/calendar");
    const ics = await file.text();
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    const [lead] = await rows<{ source: string; notes: string }>("SELECT source, notes FROM leads WHERE email = ?", email);
    expect(lead.source).toBe("Call booking");
    expect(lead.notes).toContain("Campaign: utm_source=newsletter, utm_campaign=spring");
  });

  it("a refused native post comes back with what was typed, the message, and the times as they are now", async () => {
    await hostIs(owner.id);
    // Another day's first time: the buffer keeps the next one on the same day clear.
    const [
      {
        starts: [first],
      },
      {
        starts: [second],
      },
    ] = await times();
    await booked(booking(first));
    const res = await postNative({
      start: first,
      method: "video",
      name: "Sam Late",
      email: "sam.late@example.co.uk",
      topic: "A new shop",
      zone: "Europe/London",
    });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("That time has just been taken. Choose another");
    expect(html).toContain('value="Sam Late"');
    expect(html).not.toContain(`value="${first}"`);
    expect(html).toContain(`name="start" value="${second}"`);

    const bad = await postNative({ start: second, method: "video", name: "Sam Typo", email: "sam at example", topic: "A new shop" });
    expect(bad.status).toBe(422);
    const page = await bad.text();
    expect(page).toContain("Please enter a valid email address");
    // The time chosen is still chosen.
    expect(page).toContain(`name="start" value="${second}" class="accent-brick-600" checked`);
  });
});

describe("after the booking", () => {
  const tokenOf = (managePath: string) => managePath.split("/").at(-1)!;

  it("the visitor cancels from their link: the time is free again, the timeline says so, and both calendars are told", async () => {
    await hostIs(owner.id);
    const start = await firstFree();
    const input = booking(start);
    const { call } = await booked(input);
    const token = tokenOf(call.manage_path);
    const cancel = () => visitor().book.call[":token"].cancel.$post({ param: { token } });
    await expectJson(cancel(), 200);
    expect(await rows("SELECT status, sequence FROM calls WHERE id = ?", call.id)).toEqual([{ status: "cancelled", sequence: 1 }]);
    expect((await times()).flatMap((d) => d.starts)).toContain(start);
    const [{ lead_id }] = await rows<{ lead_id: string }>("SELECT lead_id FROM calls WHERE id = ?", call.id);
    const feed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ? AND type = 'Meeting'", lead_id);
    expect(feed.map((f) => f.summary)).toContainEqual(expect.stringMatching(/^Cancelled the call for /));
    // The host's task for it is off their list.
    expect(await rows("SELECT title FROM tasks WHERE related_id = ?", lead_id)).toEqual([]);
    // The invitation, then its cancellation: the same UID, the next SEQUENCE.
    const mails = await waitForMail(input.email, 2);
    const cancelled = mails.find((m) => subjectOf(m).startsWith("Cancelled:"))!;
    expect(cancelled.calendar?.method).toBe("CANCEL");
    const ics = cancelled.calendar!.ics.replace(/\r\n /g, "");
    expect(ics).toContain(`UID:call-${call.id}@`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("METHOD:CANCEL");
    // Once is enough; the page says where it stands and offers neither cancel nor the calendar file.
    expect((await errorOf(cancel(), 409)).message).toBe("This call is already cancelled");
    const page = await (await exports.default.fetch(`${ORIGIN}${call.manage_path}`)).text();
    expect(page).toContain("(cancelled)");
    expect(page).toMatch(/<h1[^>]*>Your call is cancelled<\/h1>/);
    expect(page).toContain("<title>Your call is cancelled |");
    expect(page).not.toContain("/cancel");
    expect((await exports.default.fetch(`${ORIGIN}${call.manage_path}/calendar.ics`)).status).toBe(404);
  });

  it("the visitor's link stops cancelling two hours before the call, and its page no longer offers it", async () => {
    await hostIs(owner.id);
    const { call } = await booked(booking(await firstFree()));
    const soon = new Date(Date.now() + 90 * 60_000);
    await env.DB.prepare("UPDATE calls SET start_at = ?, end_at = ? WHERE id = ?")
      .bind(soon.toISOString(), new Date(soon.getTime() + 30 * 60_000).toISOString(), call.id)
      .run();
    const refused = await errorOf(visitor().book.call[":token"].cancel.$post({ param: { token: tokenOf(call.manage_path) } }), 422);
    expect(refused.message).toBe("This call starts within two hours, too late to cancel here. Reply to its e-mail instead");
    expect(await rows("SELECT status FROM calls WHERE id = ?", call.id)).toEqual([{ status: "confirmed" }]);
    expect(await (await exports.default.fetch(`${ORIGIN}${call.manage_path}`)).text()).not.toContain("/cancel");
  });

  it("the visitor moves their call in one step: the same UID with the next SEQUENCE, the host's task and the timeline moved too", async () => {
    await hostIs(owner.id);
    const [first, second] = (await times()).map((d) => d.starts[0]);
    const input = booking(first);
    const { call } = await booked(input);
    const token = tokenOf(call.manage_path);
    const move = (start: string) => visitor().book.call[":token"].move.$post({ param: { token }, json: { start } });
    // Its own time is not a move; another visitor's is taken.
    expect((await errorOf(move(first), 422)).message).toBe("That is already your call's time. Choose another");
    const other = await booked(booking(second));
    expect((await errorOf(move(second), 409)).message).toBe("That time has just been taken. Choose another");
    await visitor().book.call[":token"].cancel.$post({ param: { token: tokenOf(other.call.manage_path) } });

    await expectJson(move(second), 200);
    const [moved] = await rows<{ start_at: string; sequence: number; lead_id: string; london_date: string }>(
      "SELECT start_at, sequence, lead_id, london_date FROM calls WHERE id = ?",
      call.id,
    );
    expect(moved).toMatchObject({ start_at: second, sequence: 1 });
    // The old time is free again, the new one is not.
    const free = (await times()).flatMap((d) => d.starts);
    expect(free).toContain(first);
    expect(free).not.toContain(second);
    const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }).format(
      new Date(second),
    );
    expect(await rows("SELECT title, due_date FROM tasks WHERE related_id = ?", moved.lead_id)).toEqual([
      { title: `Call ${input.name} (Carter Bakes) at ${london}`, due_date: moved.london_date },
    ]);
    expect(
      await rows("SELECT summary FROM activities WHERE related_id = ? AND summary LIKE 'Moved the call%'", moved.lead_id),
    ).toHaveLength(1);
    const updated = (await waitForMail(input.email, 2)).find((m) => subjectOf(m).startsWith("Moved:"))!;
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(updated.calendar!.ics)).getFirstSubcomponent("vevent")!);
    expect(updated.calendar?.method).toBe("REQUEST");
    expect(event.uid).toBe(`call-${call.id}@${env.MAIL_FROM.split("@")[1]}`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(second);
    const [host] = await rows<{ email: string }>("SELECT email FROM users WHERE id = ?", owner.id);
    expect((await waitForMail(host.email, 4)).some((m) => subjectOf(m).startsWith(`Call moved: ${input.name}`))).toBe(true);
  });

  it("a browser's move goes back to the call's page, which lists the times it can move to and says how it went", async () => {
    await hostIs(owner.id);
    const [first, second] = (await times()).map((d) => d.starts[0]);
    const { call } = await booked(booking(first));
    const page = await (await exports.default.fetch(`${ORIGIN}${call.manage_path}`)).text();
    expect(page).toContain(`action="/api/book/call/${tokenOf(call.manage_path)}/move"`);
    expect(page).toContain(`name="start" value="${first}" class="accent-brick-600" checked`);
    expect(page).toContain(`name="start" value="${second}"`);
    const post = (body: Record<string, string>) =>
      exports.default.fetch(`${ORIGIN}/api/book/call/${tokenOf(call.manage_path)}/move`, {
        method: "POST",
        headers: { "CF-Connecting-IP": `198.51.100.${++ip}`, Origin: ORIGIN },
        body: new URLSearchParams(body),
        redirect: "manual",
      });
    const none = await post({});
    expect(none.headers.get("location")).toBe(`${call.manage_path}?move=choose`);
    const res = await post({ start: second });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${call.manage_path}?move=moved`);
    expect(await rows("SELECT start_at FROM calls WHERE id = ?", call.id)).toEqual([{ start_at: second }]);
    const after = await (await exports.default.fetch(`${ORIGIN}${res.headers.get("location")}`)).text();
    expect(after).toContain("Your call is moved.");
  });

  it("a call cannot be moved within two hours of it", async () => {
    await hostIs(owner.id);
    const [first, second] = (await times()).map((d) => d.starts[0]);
    const { call } = await booked(booking(first));
    const soon = new Date(Date.now() + 90 * 60_000);
    await env.DB.prepare("UPDATE calls SET start_at = ?, end_at = ? WHERE id = ?")
      .bind(soon.toISOString(), new Date(soon.getTime() + 30 * 60_000).toISOString(), call.id)
      .run();
    const refused = await errorOf(
      visitor().book.call[":token"].move.$post({ param: { token: tokenOf(call.manage_path) }, json: { start: second } }),
      422,
    );
    expect(refused.message).toBe("This call starts within two hours, too late to move here. Reply to its e-mail instead");
    expect(await rows("SELECT start_at FROM calls WHERE id = ?", call.id)).toEqual([{ start_at: soon.toISOString() }]);
    expect(await (await exports.default.fetch(`${ORIGIN}${call.manage_path}`)).text()).not.toContain("Move the call");
  });

  it("a browser's cancel goes back to the call's page", async () => {
    await hostIs(owner.id);
    const { call } = await booked(booking(await firstFree()));
    const res = await exports.default.fetch(`${ORIGIN}/api/book/call/${tokenOf(call.manage_path)}/cancel`, {
      method: "POST",
      headers: { "CF-Connecting-IP": `198.51.100.${++ip}`, Origin: ORIGIN },
      body: new URLSearchParams({}),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(call.manage_path);
    expect(await rows("SELECT status FROM calls WHERE id = ?", call.id)).toEqual([{ status: "cancelled" }]);
  });

  it("reminds the visitor once, the day before, with their link; not a call booked within a day and a bit of it", async () => {
    await hostIs(owner.id);
    const starts = (await times()).flatMap((d) => d.starts);
    const later = starts.find((s) => Date.parse(s) - Date.now() > 40 * 60 * 60_000)!;
    const input = booking(later);
    const { call } = await booked(input);
    // Another call, as though booked 29 hours before it starts: the confirmation was reminder enough.
    const near = await booked(booking(starts.at(-1)!));
    await env.DB.prepare("UPDATE calls SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.parse(near.call.start) - 29 * 60 * 60_000).toISOString(), near.call.id)
      .run();

    await runCron(new Date(Date.parse(later) - 30 * 60 * 60_000)); // more than a day before: nothing yet
    await runCron(new Date(Date.parse(later) - 20 * 60 * 60_000));
    await runCron(new Date(Date.parse(later) - 19 * 60 * 60_000)); // the next hour: not again
    const reminders = (await waitForMail(input.email, 2)).filter((m) => subjectOf(m).startsWith("Reminder:"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain(call.manage_path);
    await runCron(new Date(Date.parse(near.call.start) - 60 * 60_000));
    expect(await rows("SELECT reminded_at FROM calls WHERE id = ?", near.call.id)).toEqual([{ reminded_at: null }]);
  });
});

describe("the CRM's calls", () => {
  it("lists upcoming calls soonest first with their lead and host, and marks a call that happened as held or a no-show", async () => {
    await hostIs(owner.id);
    const [first, second] = (await times()).map((d) => d.starts[0]);
    const one = await booked(booking(first, { name: "Jo First" }));
    const two = await booked(booking(second, { name: "Sam Second" }));
    const sales = await signInAs("Sales");
    const { calls } = await expectJson(sales.api.crm.calls.$get({ query: { when: "upcoming" } }), 200);
    expect(calls.map((c) => c.id)).toEqual([one.call.id, two.call.id]);
    expect(calls[0]).toMatchObject({ name: "Jo First", lead_name: "Jo First", host_id: owner.id, status: "confirmed", method: "video" });
    expect((await expectJson(sales.api.crm.calls.$get({ query: { when: "past" } }), 200)).calls).toEqual([]);

    // Still to come: it cannot be marked yet, and nothing changes.
    const early = await errorOf(
      sales.api.crm.calls[":id"].$patch({ param: { id: one.call.id }, json: { status: "held", updated_at: calls[0].updated_at } }),
      422,
    );
    expect(early.fields?.status).toBe("This call has not happened yet");
    // Once it has happened: held, and a stale copy refused.
    await env.DB.prepare("UPDATE calls SET start_at = '2026-01-05T10:00:00.000Z', end_at = '2026-01-05T10:30:00.000Z' WHERE id = ?")
      .bind(one.call.id)
      .run();
    const { call } = await expectJson(
      sales.api.crm.calls[":id"].$patch({ param: { id: one.call.id }, json: { status: "held", updated_at: calls[0].updated_at } }),
      200,
    );
    expect(call.status).toBe("held");
    await errorOf(
      sales.api.crm.calls[":id"].$patch({ param: { id: one.call.id }, json: { status: "no_show", updated_at: calls[0].updated_at } }),
      409,
    );
    expect((await expectJson(sales.api.crm.calls.$get({ query: { when: "past" } }), 200)).calls.map((c) => c.status)).toEqual(["held"]);
    const timeline = await rows<{ summary: string; who_name: string }>(
      "SELECT summary, who_name FROM activities WHERE related_id = ? AND type = 'Meeting' ORDER BY created_at",
      call.lead_id,
    );
    expect(timeline.at(-1)).toEqual({
      summary: expect.stringMatching(/^Held the call for Monday,? 5 January 2026 at 10:00 \(London time\)$/),
      who_name: "Marcus Reid",
    });
    await errorOf(visitor().crm.calls.$get({ query: {} }), 401);
  });

  it("a no-show is on the lead's timeline and its visitor is offered another time by e-mail", async () => {
    await hostIs(owner.id);
    const input = booking(await firstFree(), { name: "Nia Absent" });
    const { call } = await booked(input);
    await env.DB.prepare("UPDATE calls SET start_at = '2026-02-02T15:00:00.000Z', end_at = '2026-02-02T15:30:00.000Z' WHERE id = ?")
      .bind(call.id)
      .run();
    const [{ updated_at }] = await rows<{ updated_at: string }>("SELECT updated_at FROM calls WHERE id = ?", call.id);
    const answer = await expectJson(
      owner.api.crm.calls[":id"].$patch({ param: { id: call.id }, json: { status: "no_show", updated_at } }),
      200,
    );
    expect(answer).toMatchObject({ call: { status: "no_show" }, emailed: true });
    const offer = (await waitForMail(input.email, 2)).find((m) => subjectOf(m).startsWith("Sorry we missed you"));
    expect(offer?.text).toContain(`${ORIGIN}/book`);
    expect(offer?.calendar).toBeUndefined();
    // Saved as a no-show again: no second offer.
    const again = await expectJson(
      owner.api.crm.calls[":id"].$patch({ param: { id: call.id }, json: { status: "no_show", updated_at: answer.call.updated_at } }),
      200,
    );
    expect(again.emailed).toBeNull();
    expect((await mailTo(input.email)).filter((m) => subjectOf(m).startsWith("Sorry we missed you"))).toHaveLength(1);
    const [lead] = await rows<{ id: string }>("SELECT id FROM leads WHERE email = ?", input.email);
    expect(await rows("SELECT summary FROM activities WHERE related_id = ? AND summary LIKE 'No-show%'", lead.id)).toEqual([
      { summary: expect.stringMatching(/^No-show: the call for Monday,? 2 February 2026 at 15:00 \(London time\)$/) },
    ]);
  });

  it("staff cancel a call still to come: its time is free, the visitor and host are told, and a stale or second cancel is refused", async () => {
    await hostIs(owner.id);
    const start = await firstFree();
    const input = booking(start, { name: "Ola Moved" });
    const { call } = await booked(input);
    const sales = await signInAs("Sales");
    const [{ updated_at }] = await rows<{ updated_at: string }>("SELECT updated_at FROM calls WHERE id = ?", call.id);
    const cancel = (version: string) => sales.api.crm.calls[":id"].cancel.$post({ param: { id: call.id }, json: { updated_at: version } });
    await errorOf(cancel("2020-01-01T00:00:00.000Z"), 409);
    expect(await rows("SELECT status FROM calls WHERE id = ?", call.id)).toEqual([{ status: "confirmed" }]);

    await expectJson(cancel(updated_at), 200);
    expect(await rows("SELECT status, sequence FROM calls WHERE id = ?", call.id)).toEqual([{ status: "cancelled", sequence: 1 }]);
    expect((await times()).flatMap((d) => d.starts)).toContain(start);
    const cancelled = (await waitForMail(input.email, 2)).find((m) => subjectOf(m).startsWith("Cancelled:"));
    expect(cancelled?.calendar?.method).toBe("CANCEL");
    expect(cancelled?.text).toContain(`${ORIGIN}/book`);
    const [host] = await rows<{ email: string }>("SELECT email FROM users WHERE id = ?", owner.id);
    const hostNote = (await waitForMail(host.email, 2)).find((m) => subjectOf(m).startsWith("Call cancelled:"));
    expect(hostNote?.text).toContain(`Marcus Reid cancelled the call with Ola Moved`);
    const [lead] = await rows<{ id: string }>("SELECT id FROM leads WHERE email = ?", input.email);
    expect(await rows("SELECT who_name FROM activities WHERE related_id = ? AND summary LIKE 'Cancelled the call%'", lead.id)).toEqual([
      { who_name: "Marcus Reid" },
    ]);
    expect(await rows("SELECT title FROM tasks WHERE related_id = ?", lead.id)).toEqual([]);
    const [{ updated_at: now }] = await rows<{ updated_at: string }>("SELECT updated_at FROM calls WHERE id = ?", call.id);
    expect((await errorOf(cancel(now), 409)).message).toBe("This call is already cancelled");
    await errorOf(visitor().crm.calls[":id"].cancel.$post({ param: { id: call.id }, json: { updated_at: now } }), 401);
  });
});
