/**
 * Calls booked on the site as the CRM lists them (docs/decisions/0069-booking-calls.md): upcoming
 * ones to prepare for, past ones to mark as held or as a no-show.
 */
import * as z from "zod";
import { expectedVersion } from "./common";
import { bookingInput } from "./booking";
import type { CallMethod, CallStatus } from "./call-values";
import { londonWhen } from "./booking-slots";

export interface Call {
  id: string;
  start_at: string;
  end_at: string;
  status: CallStatus;
  method: CallMethod;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  topic: string;
  heard_from: string | null;
  lead_id: string | null;
  lead_name: string | null;
  host_id: string;
  host_name: string | null;
  updated_at: string;
}

/** What a call writes on its lead's timeline (a Meeting), at each step: the demo's seeded calls say the same. */
export const callOnTimeline = {
  booked: (start: string, topic: string) => `Booked a call for ${londonWhen(start)}: ${topic}`,
  moved: (from: string, to: string) => `Moved the call from ${londonWhen(from)} to ${londonWhen(to)}`,
  cancelled: (start: string) => `Cancelled the call for ${londonWhen(start)}`,
  marked: (status: "held" | "no_show", start: string) =>
    `${status === "held" ? "Held the call" : "No-show: the call"} for ${londonWhen(start)}`,
};

/** GET /api/crm/calls?when=: the calls not yet over, soonest first, or those that are, latest first. */
export const callListQuery = z
  .object({ when: z.enum(["upcoming", "past"], { error: "Choose upcoming or past" }).default("upcoming") })
  .strict();

/** PATCH /api/crm/calls/:id: how a call that has happened went. */
export const callOutcomeInput = z
  .object({ status: z.enum(["held", "no_show"], { error: "Choose held or no-show" }), ...expectedVersion })
  .strict();
export type CallOutcomeInput = z.input<typeof callOutcomeInput>;

/** POST /api/crm/calls/:id/cancel: staff call off a call still to come; the visitor is told, with a link to book again. */
export const callCancelInput = z.object({ ...expectedVersion }).strict();

/** POST /api/book/call/:token/move: the visitor moves their call to another of the free times, chosen as on /book. */
export const callMoveInput = z.object({ start: bookingInput.shape.start }).strict();
