/**
 * Who an Activity Feed entry is credited to, and when it happened, the same on the feed, a lead's
 * timeline and a client's activity.
 */
import type { ActivityListItem, ActivityMail } from "@contract/activity";
import { AUTOMATIC_CREDIT } from "@contract/activity-values";

type Creditable = Pick<ActivityListItem, "who_kind" | "who_name" | "who_username" | "mail">;

/** "Sophie Turner <sophie@example.com>", or whichever half the message gave. */
export function mailSender(mail: ActivityMail): string | null {
  if (mail.from_name && mail.from_address) return `${mail.from_name} <${mail.from_address}>`;
  return mail.from_name ?? mail.from_address;
}

/**
 * A filed e-mail is its sender's (not the colleague's who filed it); a client's entry names them
 * "(client)"; what the CRM did by itself carries its own credit; anything else is the member of
 * staff's, by their name.
 */
export function activityCredit(a: Creditable, nameOf: (id: string) => string | undefined): string {
  const sender = a.mail && mailSender(a.mail);
  if (sender) return sender;
  if (a.who_kind === "client") return `${a.who_name ?? "A client"} (client)`;
  if (a.who_kind === "automatic") return a.who_name ?? AUTOMATIC_CREDIT;
  return (a.who_username && nameOf(a.who_username)) || "Unknown user";
}

/** When it happened: a filed e-mail when it was sent (the message's own Date), anything else when it was written. */
export const activityTime = (a: Pick<ActivityListItem, "mail" | "created_at">): { at: string; sent: boolean } =>
  a.mail?.sent_at ? { at: a.mail.sent_at, sent: true } : { at: a.created_at, sent: false };
