/**
 * The calendar feed (Settings → Your account): a secret .ics URL read by a real iCalendar parser
 * (ical.js), as a calendar app would read it. What is in it, how it stays stable across fetches,
 * and how rotating, turning off, unknown tokens and guessing are answered.
 */
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { call, errorOf, expectJson, rows, signInAs, unchecked, visitorApi, type Staff } from "../support/helpers";
import type { TaskInput } from "../../../contract/task";
import type { LeadInput } from "../../../contract/lead";
import type { ProjectInput } from "../../../contract/project";
import { limits } from "../../../worker/platform/rate-limit";
import { FEED_LIMIT_EACH_SIDE } from "../../../worker/modules/calendar";
import { claimCall } from "../../../worker/modules/bookings/calls";
import { createDb } from "../../../worker/platform/db";

let me: Staff;
let colleague: Staff;

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string;
  sequence: number;
  start: string;
  end: string;
  allDay: boolean;
}

/** The signed-in user's own feed: its state, making or rotating it, turning it off. */
const feedOf = (staff: Staff = me) => staff.api.crm["calendar-feed"];
const issueFeed = (rotate: boolean, staff: Staff = me) => feedOf(staff).$post({ json: { rotate } });

/** Makes the signed-in user's feed and returns its URL path. */
async function createFeed(staff: Staff = me): Promise<string> {
  const { url } = await expectJson(issueFeed(false, staff), 201);
  return new URL(url).pathname;
}

/**
 * Fetches a feed with no cookie, as a calendar app does (a text/calendar file, not the JSON API:
 * a raw call), checks the wire format, and parses it with ical.js.
 */
async function fetchFeed(path: string) {
  const res = await call(path);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toMatch(/private/);
  expect(res.headers.get("Set-Cookie")).toBeNull();
  // RFC 5545 §3.1: CRLF after every line, none longer than 75 octets, no bare LF or CR.
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBeTruthy();
  const events: FeedEvent[] = calendar.getAllSubcomponents("vevent").map((vevent) => {
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url")),
      sequence: event.sequence,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
    };
  });
  return { text, events };
}

const summaries = async (path: string) => (await fetchFeed(path)).events.map((e) => e.summary).sort();

const addTask = async (json: TaskInput, staff: Staff = me) => (await expectJson(staff.api.crm.tasks.$post({ json }), 201)).task;
const addLead = async (json: LeadInput, staff: Staff = me) => (await expectJson(staff.api.crm.leads.$post({ json }), 201)).lead;
const addProject = async (json: ProjectInput) => (await expectJson(me.api.crm.projects.$post({ json }), 201)).project;

beforeEach(async () => {
  me = await signInAs("Sales", "Marcus Reid");
  colleague = await signInAs("Owner", "Hannah Whitaker");
});

describe("calendar feed: what is in it", () => {
  it("holds my open tasks as all-day events on their due dates, my open leads' follow-ups and the studio's unfinished deadlines", async () => {
    await addTask({ title: "Send the proposal", due_date: "2026-03-10", assignee_username: me.id, priority: "High" });
    await addTask({ title: "Someone else's task", due_date: "2026-03-11", assignee_username: colleague.id });
    await addTask({ title: "Undated", assignee_username: me.id });
    await addTask({ title: "Done already", due_date: "2026-03-12", assignee_username: me.id, completed: true });
    const mine = await addLead({ name: "Priya Shah", company: "Shah Bakery", follow_up_date: "2026-03-13" });
    await addLead({ name: "Not mine", follow_up_date: "2026-03-14" }, colleague);
    await addLead({ name: "Lost cause", status: "Lost", follow_up_date: "2026-03-15" });
    await addProject({ title: "Bakery website", due_date: "2026-03-20", stage: "Build" });
    await addProject({ title: "Shipped site", due_date: "2026-03-21", stage: "Done" });
    await addProject({ title: "No deadline", stage: "Design" });

    const { events } = await fetchFeed(await createFeed());
    expect(events.map((e) => e.summary).sort()).toEqual([
      "Deadline: Bakery website",
      "Follow up: Priya Shah (Shah Bakery)",
      "Task: Send the proposal",
    ]);
    for (const e of events) expect(e.allDay).toBe(true);
    const byKind = Object.fromEntries(events.map((e) => [e.summary.split(":")[0], e]));
    expect(byKind.Task).toMatchObject({ start: "2026-03-10", end: "2026-03-11" });
    expect(byKind["Follow up"]).toMatchObject({
      start: "2026-03-13",
      end: "2026-03-14",
      url: `http://localhost/crm/leads?lead=${mine.id}`,
    });
    expect(byKind.Deadline).toMatchObject({ start: "2026-03-20", end: "2026-03-21" });
    expect(byKind.Task.uid).toMatch(/^task-.+@redbrick-crm$/);
    expect(byKind.Task.url).toBe("http://localhost/crm/tasks?mine=1");
    expect(byKind.Deadline.url).toMatch(/^http:\/\/localhost\/crm\/projects\?project=/);
    for (const e of events) expect(e.description).toContain(e.url);

    // A colleague's feed has their own task and lead, and the same studio deadlines.
    expect(await summaries(await createFeed(colleague))).toEqual([
      "Deadline: Bakery website",
      "Follow up: Not mine",
      "Task: Someone else's task",
    ]);
  });

  it("holds the calls booked with me at their times, making me busy, and drops one once it is cancelled", async () => {
    const book = async (host: Staff, start: string, who: { name: string; company: string | null; phone: string | null }) => {
      const id = crypto.randomUUID();
      const booked = await claimCall(createDb(env.DB), {
        id,
        hostId: host.id,
        start,
        end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        londonDate: start.slice(0, 10),
        bufferMinutes: 0,
        maxPerDay: 10,
        method: who.phone ? "phone" : "video",
        ...who,
        email: `${id}@example.com`,
        topic: "A new shop; quotes, commas",
        heardFrom: null,
        visitorZone: "America/New_York",
        tokenHash: id,
        now: new Date().toISOString(),
      });
      expect(booked).toBe(true);
      return id;
    };
    // 14:00 UTC in summer is 15:00 in London: the feed carries the instant, and calendars show it in their own zone.
    const video = await book(me, "2026-07-02T14:00:00.000Z", { name: "Ava Stone", company: "Stone & Sons", phone: null });
    await book(me, "2026-07-02T15:00:00.000Z", { name: "Ben Okafor", company: null, phone: "0161 555 0199" });
    const off = await book(me, "2026-07-03T09:00:00.000Z", { name: "Called Off", company: null, phone: null });
    await book(colleague, "2026-07-02T14:00:00.000Z", { name: "Not mine", company: null, phone: null });
    await env.DB.prepare("UPDATE calls SET status = 'cancelled' WHERE id = ?").bind(off).run();

    const { text, events } = await fetchFeed(await createFeed());
    expect(events.map((e) => e.summary)).toEqual(["Call: Ava Stone (Stone & Sons)", "Call: Ben Okafor"]);
    const [ava, ben] = events;
    expect(ava).toMatchObject({
      uid: `call-${video}@redbrick-crm`,
      allDay: false,
      start: "2026-07-02T14:00:00Z",
      end: "2026-07-02T14:30:00Z",
    });
    expect(ava.url).toBe("http://localhost/crm/calls");
    expect(ava.description).toContain("A new shop; quotes, commas");
    expect(ben.description).toContain("Phone them on 0161 555 0199.");
    // A call is time taken; a task's day is not.
    expect(text.match(/TRANSP:OPAQUE/g)).toHaveLength(2);
    expect(await summaries(await createFeed(colleague))).toEqual(["Call: Not mine"]);
  });

  it("holds a timed task at its London time for its minutes, making me busy, in summer and winter", async () => {
    await addTask({ title: "Workshop", due_date: "2026-07-15", due_time: "14:00", minutes: 90, assignee_username: me.id });
    await addTask({ title: "Stand-up", due_date: "2026-01-15", due_time: "09:30", assignee_username: me.id });
    await addTask({ title: "Any time that day", due_date: "2026-07-16", assignee_username: me.id });
    const { events, text } = await fetchFeed(await createFeed());
    const when = Object.fromEntries(events.map((e) => [e.summary, [e.start, e.end, e.allDay]]));
    expect(when).toEqual({
      "Task: Workshop": ["2026-07-15T13:00:00Z", "2026-07-15T14:30:00Z", false],
      "Task: Stand-up": ["2026-01-15T09:30:00Z", "2026-01-15T10:00:00Z", false],
      "Task: Any time that day": ["2026-07-16", "2026-07-17", true],
    });
    expect(text.match(/TRANSP:OPAQUE/g)).toHaveLength(2);
  });

  it("keeps a date in summer time (BST) and one in winter (GMT) on the same calendar day, ending the next day", async () => {
    await addTask({ title: "Summer", due_date: "2026-07-15", assignee_username: me.id });
    await addTask({ title: "Winter", due_date: "2026-01-15", assignee_username: me.id });
    // The last day of summer time: the clocks go back overnight.
    await addTask({ title: "Clocks change", due_date: "2026-10-24", assignee_username: me.id });
    const { events, text } = await fetchFeed(await createFeed());
    const dates = Object.fromEntries(events.map((e) => [e.summary, [e.start, e.end]]));
    expect(dates).toEqual({
      "Task: Summer": ["2026-07-15", "2026-07-16"],
      "Task: Winter": ["2026-01-15", "2026-01-16"],
      "Task: Clocks change": ["2026-10-24", "2026-10-25"],
    });
    expect(text).toContain("DTSTART;VALUE=DATE:20260715\r\n");
    expect(text).toContain("DTEND;VALUE=DATE:20260716\r\n");
  });

  it("round-trips commas, semicolons, backslashes, new lines and emoji through the parser, folding long lines", async () => {
    const title = "Call Zoë; bring 3,000 flyers \\ samples 🎉🧱 and agree the brief for the café's new site — before the launch party";
    await addTask({ title, due_date: "2026-05-01", assignee_username: me.id, notes: "Ring back,\nthen email; \\o/ 🙂\r\nDone" });
    await addLead({ name: "O'Brien, Jones; & Co 🍰", follow_up_date: "2026-05-02" });
    const { events, text } = await fetchFeed(await createFeed());
    const summary = events.map((e) => e.summary);
    expect(summary).toContain(`Task: ${title}`);
    expect(summary).toContain("Follow up: O'Brien, Jones; & Co 🍰");
    const task = events.find((e) => e.summary.startsWith("Task"))!;
    expect(task.description).toContain("Ring back,\nthen email; \\o/ 🙂\nDone");
    expect(text).toContain("\\,");
    expect(text).toContain("\\;");
    expect(text).toContain("\\n");
    // The long summary was folded onto continuation lines.
    expect(text).toMatch(/\r\n /);
  });
});

describe("calendar feed: size", () => {
  it("holds at most the latest follow-ups before today and the soonest from today on, oldest first", async () => {
    const extra = 30;
    // Whole calendar days from London's today, counted in UTC so no clock change shifts them.
    const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()).split("-").map(Number);
    const londonDay = (offset: number) => new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
    const offsets = Array.from({ length: FEED_LIMIT_EACH_SIDE + extra }, (_, i) => i + 1).flatMap((d) => [-d, d - 1]);
    await env.DB.batch(
      offsets.map((d) =>
        env.DB.prepare("INSERT INTO leads (id, name, status, follow_up_date, added_by) VALUES (?, ?, 'New', ?, ?)").bind(
          crypto.randomUUID(),
          `Lead ${d}`,
          londonDay(d),
          me.id,
        ),
      ),
    );
    const { events } = await fetchFeed(await createFeed());
    expect(events).toHaveLength(2 * FEED_LIMIT_EACH_SIDE);
    const dates = events.map((e) => e.start);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(londonDay(-FEED_LIMIT_EACH_SIDE));
    expect(dates.at(-1)).toBe(londonDay(FEED_LIMIT_EACH_SIDE - 1));
  });
});

describe("calendar feed: stable across changes", () => {
  it("keeps each event's UID across fetches and raises its SEQUENCE when the task changes", async () => {
    const task = await addTask({ title: "Draft the contract", due_date: "2026-04-01", assignee_username: me.id });
    // The task was made a while ago: an edit now is a later version.
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    await env.DB.prepare("UPDATE tasks SET created_at = ?, updated_at = ? WHERE id = ?").bind(earlier, earlier, task.id).run();
    const path = await createFeed();
    const first = (await fetchFeed(path)).events[0];
    const again = (await fetchFeed(path)).events[0];
    expect(again).toEqual(first);
    expect(first.uid).toBe(`task-${task.id}@redbrick-crm`);

    await expectJson(
      me.api.crm.tasks[":id"].$patch({ param: { id: task.id }, json: { due_date: "2026-04-02", updated_at: earlier } }),
      200,
    );
    const edited = (await fetchFeed(path)).events[0];
    expect(edited.uid).toBe(first.uid);
    expect(edited.start).toBe("2026-04-02");
    expect(edited.sequence).toBeGreaterThan(first.sequence);
  });

  it("drops a task once it is completed or deleted, and a lead once it is won or lost", async () => {
    const done = await addTask({ title: "Finish me", due_date: "2026-04-01", assignee_username: me.id });
    const gone = await addTask({ title: "Delete me", due_date: "2026-04-02", assignee_username: me.id });
    await addTask({ title: "Stay", due_date: "2026-04-03", assignee_username: me.id });
    const lead = await addLead({ name: "Win me", follow_up_date: "2026-04-04" });
    const path = await createFeed();
    expect(await summaries(path)).toEqual(["Follow up: Win me", "Task: Delete me", "Task: Finish me", "Task: Stay"]);

    await expectJson(
      me.api.crm.tasks[":id"].$patch({ param: { id: done.id }, json: { completed: true, updated_at: done.updated_at } }),
      200,
    );
    await expectJson(me.api.crm.tasks[":id"].$delete({ param: { id: gone.id } }), 200);
    await expectJson(
      me.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Lost", updated_at: lead.updated_at } }),
      200,
    );
    expect(await summaries(path)).toEqual(["Task: Stay"]);
  });

  it("drops a project deadline once the project is marked Completed", async () => {
    const project = await addProject({ title: "Finish line", due_date: "2026-06-01", stage: "Launch" });
    const path = await createFeed();
    expect(await summaries(path)).toEqual(["Deadline: Finish line"]);
    await expectJson(
      me.api.crm.projects[":id"].$patch({ param: { id: project.id }, json: { status: "Completed", updated_at: project.updated_at } }),
      200,
    );
    expect(await summaries(path)).toEqual([]);
  });
});

describe("calendar feed: the secret URL", () => {
  it("uses a token of at least 128 bits and stores only its SHA-256", async () => {
    const path = await createFeed();
    const token = /^\/api\/calendar\/([^/]+)\.ics$/.exec(path)![1];
    // base64url: 6 bits a character, so 22 characters would already be 128 bits; this is 43 (256).
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await rows<Record<string, string>>("SELECT * FROM calendar_feeds");
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    expect(stored[0].token_hash).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
    // The state never carries the URL again.
    const { feed } = await expectJson(feedOf().$get(), 200);
    expect(feed).toMatchObject({ enabled: true });
    expect(JSON.stringify(feed)).not.toContain(token);
  });

  it("rotating gives a new URL and the old one answers 404 with nothing of the feed in it", async () => {
    await addTask({ title: "Private matter", due_date: "2026-04-01", assignee_username: me.id });
    const old = await createFeed();
    const { url } = await expectJson(issueFeed(true), 201);
    const rotated = new URL(url).pathname;
    expect(rotated).not.toBe(old);
    const res = await call(old);
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain("Private matter");
    expect(body).not.toContain("VCALENDAR");
    expect(await summaries(rotated)).toEqual(["Task: Private matter"]);
    expect(await rows("SELECT user_id FROM calendar_feeds")).toHaveLength(1);
  });

  it("turning it off makes the URL 404 and removes the hash", async () => {
    const path = await createFeed();
    await expectJson(feedOf().$delete(), 200);
    expect((await call(path)).status).toBe(404);
    expect(await rows("SELECT * FROM calendar_feeds")).toEqual([]);
    expect(await expectJson(feedOf().$get(), 200)).toEqual({ feed: { enabled: false, issued_at: null } });
    // Turning off what is already off is a 404, not a silent success.
    await errorOf(feedOf().$delete(), 404);
  });

  it("answers HEAD as calendar apps check a subscription", async () => {
    const path = await createFeed();
    const res = await call(path, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(await res.text()).toBe("");
  });

  it("answers 404 to unknown and malformed tokens", async () => {
    await createFeed();
    const unknown = "A".repeat(43);
    await errorOf(call(`/api/calendar/${unknown}.ics`), 404);
    await errorOf(call("/api/calendar/nonsense.ics"), 404);
    await errorOf(call(`/api/calendar/${unknown}`), 404);
  });

  it("refuses an address with 429 after too many unknown tokens, even for a good token, and other addresses are unaffected", async () => {
    const good = await createFeed();
    const ip = "203.0.113.7";
    const max = limits.calendarFeedIp.max;
    for (let i = 0; i < max; i++) {
      const res = await call(`/api/calendar/${crypto.randomUUID().replaceAll("-", "")}abcdefghijk.ics`, { ip });
      expect(res.status).toBe(404);
    }
    const refused = await call(`/api/calendar/${"B".repeat(43)}.ics`, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // While refused, a guess that happened to be right would learn nothing either.
    expect((await call(good, { ip })).status).toBe(429);
    expect((await call(good, { ip: "198.51.100.9" })).status).toBe(200);
  });

  it("a good token is not counted against its address", async () => {
    const good = await createFeed();
    const ip = "203.0.113.8";
    for (let i = 0; i < limits.calendarFeedIp.max + 2; i++) expect((await call(good, { ip })).status).toBe(200);
  });

  it("stops with a disabled account", async () => {
    const path = await createFeed();
    await env.DB.prepare("UPDATE users SET disabled = 1 WHERE id = ?").bind(me.id).run();
    expect((await call(path)).status).toBe(404);
  });
});

describe("calendar feed: managing it from Settings", () => {
  it("needs a session, validates its input and will not silently replace an existing URL", async () => {
    await errorOf(visitorApi.crm["calendar-feed"].$get(), 401);
    await errorOf(visitorApi.crm["calendar-feed"].$post({ json: { rotate: true } }), 401);
    expect(await rows("SELECT * FROM calendar_feeds")).toEqual([]);

    await errorOf(feedOf().$post({ json: { rotate: unchecked("yes") } }), 422);
    await errorOf(feedOf().$post({ json: unchecked({}) }), 422);
    await createFeed();
    const conflict = await errorOf(issueFeed(false), 409);
    expect(conflict.message).toMatch(/already on/);
  });

  it("records creating, rotating and turning off in the audit trail", async () => {
    await createFeed();
    await expectJson(issueFeed(true), 201);
    await expectJson(feedOf().$delete(), 200);
    const trail = await rows<{ action: string; actor_id: string; subject_id: string }>(
      "SELECT action, actor_id, subject_id FROM audit_events WHERE action LIKE 'calendar_feed%' ORDER BY created_at, rowid",
    );
    expect(trail).toEqual([
      { action: "calendar_feed_created", actor_id: me.id, subject_id: me.id },
      { action: "calendar_feed_rotated", actor_id: me.id, subject_id: me.id },
      { action: "calendar_feed_turned_off", actor_id: me.id, subject_id: me.id },
    ]);
  });
});
