/**
 * The one place a call is booked. Two visitors choosing the same time at once must end with one
 * call, and the other told at once, with nothing half-written: the call is inserted only where its
 * time, widened by the buffer, is clear of the host's confirmed calls and the London day is under
 * its cap, decided inside the insert itself (D1 runs one statement at a time, so no two inserts
 * can both see the time free). The guard after it fails the whole batch when it wrote nothing, so
 * the lead, the task and the timeline entry the booking writes beside it stand or fall with the
 * call. A unique index on the host's confirmed start times is the backstop. A call moved to another
 * time goes through the same test, leaving itself out.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import type { CallMethod } from "../../../contract/call-values";
import { calls } from "./tables";

export interface CallClaim {
  id: string;
  hostId: string;
  /** The lead the call is for: written before the call, in the same batch (`before`). */
  /** The lead, or a subquery that finds it inside the write (a lead made in the same batch). */
  leadId?: string | SQL<string> | null;
  /** UTC ISO-8601, as toISOString writes it: the column compares as text. */
  start: string;
  end: string;
  londonDate: string;
  bufferMinutes: number;
  maxPerDay: number | null;
  method: CallMethod;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  topic: string;
  heardFrom: string | null;
  visitorZone: string | null;
  tokenHash: string;
  now: string;
  /** At most this many future confirmed calls for the visitor's e-mail address, this one included; null for no limit. */
  maxFutureForEmail?: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

type Room = Pick<CallClaim, "hostId" | "start" | "end" | "londonDate" | "bufferMinutes" | "maxPerDay">;

/**
 * Whether the host has room for a call at this time, as SQL: clear of their other confirmed calls
 * (widened by the buffer) and under the London day's cap. `except` is a call moving, which is not
 * in its own way.
 */
function roomFor(c: Room, except: string | null = null): SQL {
  const pad = c.bufferMinutes * 60_000;
  const from = iso(Date.parse(c.start) - pad);
  const to = iso(Date.parse(c.end) + pad);
  const others = sql`"o"."host_id" = ${c.hostId} AND "o"."status" = 'confirmed' AND "o"."id" IS NOT ${except}`;
  const clear = sql`NOT EXISTS (SELECT 1 FROM "calls" AS "o" WHERE ${others} AND "o"."start_at" < ${to} AND "o"."end_at" > ${from})`;
  const underCap =
    c.maxPerDay === null
      ? sql`1`
      : sql`(SELECT count(*) FROM "calls" AS "o" WHERE ${others} AND "o"."london_date" = ${c.londonDate}) < ${c.maxPerDay}`;
  return and(clear, underCap)!;
}

/** The call's insert, written only if its time is still free, and the guard that fails the batch otherwise. */
export function claimCallWrites(db: Db, c: CallClaim): BatchItem<"sqlite">[] {
  const v = <T>(value: SQL, name: string) => sql<T>`${value}`.as(name);
  return [
    db.insert(calls).select(
      db
        .select({
          id: v<string>(sql`${c.id}`, "id"),
          host_id: v<string>(sql`${c.hostId}`, "host_id"),
          lead_id: v<string | null>(sql`${c.leadId ?? null}`, "lead_id"),
          start_at: v<string>(sql`${c.start}`, "start_at"),
          end_at: v<string>(sql`${c.end}`, "end_at"),
          london_date: v<string>(sql`${c.londonDate}`, "london_date"),
          status: v<string>(sql`'confirmed'`, "status"),
          method: v<string>(sql`${c.method}`, "method"),
          name: v<string>(sql`${c.name}`, "name"),
          email: v<string>(sql`${c.email}`, "email"),
          phone: v<string | null>(sql`${c.phone}`, "phone"),
          company: v<string | null>(sql`${c.company}`, "company"),
          topic: v<string>(sql`${c.topic}`, "topic"),
          heard_from: v<string | null>(sql`${c.heardFrom}`, "heard_from"),
          visitor_zone: v<string | null>(sql`${c.visitorZone}`, "visitor_zone"),
          token_hash: v<string>(sql`${c.tokenHash}`, "token_hash"),
          sequence: v<number>(sql`0`, "sequence"),
          reminded_at: v<null>(sql`NULL`, "reminded_at"),
          created_at: v<string>(sql`${c.now}`, "created_at"),
          updated_at: v<string>(sql`${c.now}`, "updated_at"),
        })
        .from(sql`(SELECT 1)`)
        // The e-mail's own limit in the same statement: two bookings from one address at once cannot both slip under it.
        .where(
          c.maxFutureForEmail == null
            ? roomFor(c)
            : and(
                roomFor(c),
                sql`(SELECT count(*) FROM "calls" AS "o" WHERE "o"."email" = ${c.email} AND "o"."status" = 'confirmed' AND "o"."start_at" > ${c.now}) < ${c.maxFutureForEmail}`,
              ),
        ),
    ),
    requireUpdated(db),
  ];
}

export interface CallMove extends Room {
  id: string;
  /** The copy the move was chosen from: a call changed meanwhile is not moved. */
  updatedAt: string;
  now: string;
}

/**
 * The call's move to a new time, written only if that time is free of the host's other calls and
 * the call is still as it was, with the guard that fails the batch otherwise. SEQUENCE rises, as
 * the invitations sent after it say, and the day-before reminder is due again.
 */
export function moveCallWrites(db: Db, m: CallMove): BatchItem<"sqlite">[] {
  return [
    db
      .update(calls)
      .set({
        start_at: m.start,
        end_at: m.end,
        london_date: m.londonDate,
        sequence: sql`${calls.sequence} + 1`,
        reminded_at: null,
        updated_at: m.now,
      })
      .where(and(eq(calls.id, m.id), eq(calls.status, "confirmed"), eq(calls.updated_at, m.updatedAt), roomFor(m, m.id))),
    requireUpdated(db),
  ];
}

/** Moves the call with whatever goes with it (its task, its timeline): false, having written nothing, when the time was taken meanwhile. */
export async function claimMove(db: Db, m: CallMove, alongside: BatchItem<"sqlite">[] = []): Promise<boolean> {
  try {
    await runBatch(db, [...moveCallWrites(db, m), ...alongside]);
    return true;
  } catch (err) {
    if (isTaken(err)) return false;
    throw err;
  }
}

const isTaken = (err: unknown) =>
  isGuardAbort(err) ||
  (err instanceof Error &&
    /UNIQUE constraint failed: calls\.host_id/.test(`${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`));

/**
 * Books the call with whatever else must be written with it, in the same batch: `alongside` after
 * the call, `before` ahead of it (the lead the call points at). Answers false, having written
 * nothing, when the time was taken or the day filled meanwhile.
 */
export async function claimCall(
  db: Db,
  claim: CallClaim,
  alongside: BatchItem<"sqlite">[] = [],
  before: BatchItem<"sqlite">[] = [],
): Promise<boolean> {
  try {
    await runBatch(db, [...before, ...claimCallWrites(db, claim), ...alongside]);
    return true;
  } catch (err) {
    if (isTaken(err)) return false;
    throw err;
  }
}
