/**
 * The mail a booking sends, after the call is stored: the visitor and the host each get an
 * invitation their calendar understands (iMIP: a text/calendar METHOD:REQUEST part, the studio's
 * monitored inbox as ORGANIZER, both people as ATTENDEEs, a UID stable for the call's whole life),
 * and the studio inbox is told. Where Cloudflare will not deliver to the visitor, the call stands
 * and the confirmation page's Add to calendar is their copy.
 */
import type { Env } from "../../env";
import { longDateIn, STUDIO_ZONE, slotLabel } from "../../../contract/booking-slots";
import type { BookedCall } from "../../../contract/booking";
import { greetingFor } from "../../../contract/greeting";
import { renderInvitation, type IcsInvitation } from "../../platform/ical";
import { trySend, type Mail } from "../../platform/email";

type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;

/** Whether each invitation went: null, or why not. */
export interface InvitationDelivery {
  visitor: string | null;
  host: string | null;
}

export interface BookingMail {
  call: BookedCall;
  visitor: { name: string; email: string; zone: string; phone: string | null };
  host: { name: string; email: string };
  topic: string;
  meetingLink: string | null;
  manageUrl: string;
  stamp: string;
  answers: string;
}

/** The invitation's UID: the call's id under the studio's domain, the same for every later change. */
export const callUid = (callId: string, from: string) => `call-${callId}@${from.split("@")[1] ?? "localhost"}`;

/** "Thursday 3 December 2026, 10:00 your time · 15:00 in Manchester", in the visitor's zone. */
export function visitorWhen(start: string, zone: string): string {
  const label = slotLabel(start, zone);
  return `${longDateIn(start, zone)}, ${label}${zone === STUDIO_ZONE || label.includes("your time") ? "" : " (London time)"}`;
}

/** Where the call happens, in words: the meeting link, or the number the studio will ring. */
export const howWords = (m: Pick<BookingMail, "call" | "meetingLink" | "visitor">) =>
  m.call.method === "phone"
    ? `We'll phone you on ${m.visitor.phone ?? "the number you gave"}.`
    : m.meetingLink
      ? `Join the video call here: ${m.meetingLink}`
      : "We'll e-mail you the video call's link before the call.";

export function invitationOf(env: MailEnv, m: BookingMail, method: IcsInvitation["method"], sequence: number): string {
  return renderInvitation({
    method,
    prodId: `-//${env.STUDIO_NAME}//Bookings//EN`,
    uid: callUid(m.call.id, env.MAIL_FROM),
    sequence,
    stamp: m.stamp,
    start: m.call.start,
    end: m.call.end,
    summary: `Call: ${env.STUDIO_NAME} and ${m.visitor.name}`,
    description: `${m.topic}\n\n${howWords(m)}\n\nTo move or cancel: ${m.manageUrl}`,
    location: m.call.method === "phone" ? m.visitor.phone : m.meetingLink,
    organizer: { email: env.STUDIO_INBOX, name: env.STUDIO_NAME },
    attendees: [
      { email: m.visitor.email, name: m.visitor.name },
      { email: m.host.email, name: m.host.name },
    ],
  });
}

/** A mail to the visitor: greeted by name, the body, signed by the studio, replies to its inbox. */
const toVisitor = (env: MailEnv, m: BookingMail, subject: string, body: string[], calendar?: Mail["calendar"]) =>
  trySend(
    env,
    {
      to: m.visitor.email,
      fromName: env.STUDIO_NAME,
      replyTo: env.STUDIO_INBOX,
      subject,
      text: [greetingFor(m.visitor.name), "", ...body, "", env.STUDIO_NAME].join("\n"),
      ...(calendar ? { calendar } : {}),
    },
    { call: m.call.id },
  );

/** A mail to the host (or the studio inbox) about the visitor's call: replies go to the visitor. */
const aboutVisitor = (env: MailEnv, m: BookingMail, to: string, subject: string, text: string, calendar?: Mail["calendar"]) =>
  trySend(env, { to, replyTo: m.visitor.email, subject, text, ...(calendar ? { calendar } : {}) }, { call: m.call.id });

export async function sendBookingInvitations(env: MailEnv, m: BookingMail): Promise<InvitationDelivery> {
  const calendar = { method: "REQUEST" as const, ics: invitationOf(env, m, "REQUEST", 0) };
  const when = visitorWhen(m.call.start, m.visitor.zone);
  const londonWhen = visitorWhen(m.call.start, STUDIO_ZONE);
  const visitor = await toVisitor(
    env,
    m,
    `Your call with ${env.STUDIO_NAME}: ${when}`,
    [
      `Thank you for booking a call with us. It is on ${when}.`,
      howWords(m),
      "",
      "This e-mail carries an invitation: your calendar can add it with one click.",
      `To cancel the call: ${m.manageUrl}`,
    ],
    calendar,
  );
  const booked = `${m.visitor.name} <${m.visitor.email}>`;
  const host = await aboutVisitor(
    env,
    m,
    m.host.email,
    `Call booked: ${m.visitor.name}, ${londonWhen}`,
    [`${booked} booked a call.`, "", m.answers, "", "It is a lead in the CRM, with a task for you."].join("\n"),
    calendar,
  );
  if (m.host.email.toLowerCase() !== env.STUDIO_INBOX.toLowerCase())
    await aboutVisitor(
      env,
      m,
      env.STUDIO_INBOX,
      `Call booked: ${m.visitor.name}, ${londonWhen}`,
      [`${booked} booked a call with ${m.host.name}.`, "", m.answers].join("\n"),
    );
  return { visitor, host };
}

/** The call is off: each attendee's calendar takes it out (METHOD:CANCEL, the same UID, the raised SEQUENCE). */
export async function sendCallCancellation(
  env: MailEnv,
  m: BookingMail,
  sequence: number,
  bookAgainUrl: string,
  /** The member of staff who called it off; null when the visitor did. */
  cancelledBy: string | null = null,
): Promise<InvitationDelivery> {
  const calendar = { method: "CANCEL" as const, ics: invitationOf(env, m, "CANCEL", sequence) };
  const when = visitorWhen(m.call.start, m.visitor.zone);
  const londonWhen = visitorWhen(m.call.start, STUDIO_ZONE);
  const visitor = await toVisitor(
    env,
    m,
    `Cancelled: your call with ${env.STUDIO_NAME} on ${when}`,
    [`Your call on ${when} is cancelled.`, `To book another time: ${bookAgainUrl}`],
    calendar,
  );
  const host = await aboutVisitor(
    env,
    m,
    m.host.email,
    `Call cancelled: ${m.visitor.name}, ${londonWhen}`,
    cancelledBy
      ? `${cancelledBy} cancelled the call with ${m.visitor.name} <${m.visitor.email}> on ${londonWhen}.`
      : `${m.visitor.name} <${m.visitor.email}> cancelled their call on ${londonWhen}.`,
    calendar,
  );
  return { visitor, host };
}

/** The call is at a new time: each attendee's calendar moves it (METHOD:REQUEST, the same UID, the raised SEQUENCE). */
export async function sendCallMoved(env: MailEnv, m: BookingMail, sequence: number, from: string): Promise<InvitationDelivery> {
  const calendar = { method: "REQUEST" as const, ics: invitationOf(env, m, "REQUEST", sequence) };
  const when = visitorWhen(m.call.start, m.visitor.zone);
  const londonWhen = visitorWhen(m.call.start, STUDIO_ZONE);
  const visitor = await toVisitor(
    env,
    m,
    `Moved: your call with ${env.STUDIO_NAME} is now on ${when}`,
    [
      `Your call is now on ${when}, instead of ${visitorWhen(from, m.visitor.zone)}.`,
      howWords(m),
      "",
      "This e-mail carries the updated invitation: your calendar moves the call with one click.",
      `To move or cancel it again: ${m.manageUrl}`,
    ],
    calendar,
  );
  const host = await aboutVisitor(
    env,
    m,
    m.host.email,
    `Call moved: ${m.visitor.name}, now ${londonWhen}`,
    `${m.visitor.name} <${m.visitor.email}> moved their call from ${visitorWhen(from, STUDIO_ZONE)} to ${londonWhen}.`,
    calendar,
  );
  return { visitor, host };
}

/** The day before: when, how, and the visitor's link to cancel. */
export function sendCallReminder(env: MailEnv, m: BookingMail): Promise<string | null> {
  const when = visitorWhen(m.call.start, m.visitor.zone);
  return toVisitor(env, m, `Reminder: your call with ${env.STUDIO_NAME} on ${when}`, [
    `A reminder of our call on ${when}.`,
    howWords(m),
    "",
    `If you need to cancel: ${m.manageUrl}`,
  ]);
}

/** After a no-show: no blame, and the way to another time. */
export function sendNoShowFollowUp(env: MailEnv, m: BookingMail, bookAgainUrl: string): Promise<string | null> {
  const when = visitorWhen(m.call.start, m.visitor.zone);
  return toVisitor(env, m, `Sorry we missed you: your call with ${env.STUDIO_NAME}`, [
    `We were ready for our call on ${when} but couldn't reach you. We hope all is well.`,
    "",
    `If you'd still like to talk, choose another time here: ${bookAgainUrl}`,
  ]);
}
