/**
 * The CRM's view of the calls booked on the site: the list, and marking one that has happened as
 * held or a no-show (on the lead's timeline too). A call still to come cannot be marked; a stale
 * copy is refused (409).
 */
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { leads, users } from "../../db/schema";
import { callOnTimeline, type Call, type callListQuery, type callOutcomeInput } from "../../../contract/call";
import { AppError, notFound } from "../../platform/errors";
import { nextStamp } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { meetingOnLead } from "./book";
import { calls } from "./tables";

const PAST_LIMIT = 200;

const view = {
  id: calls.id,
  start_at: calls.start_at,
  end_at: calls.end_at,
  status: calls.status,
  method: calls.method,
  name: calls.name,
  email: calls.email,
  phone: calls.phone,
  company: calls.company,
  topic: calls.topic,
  heard_from: calls.heard_from,
  lead_id: calls.lead_id,
  lead_name: leads.name,
  host_id: calls.host_id,
  host_name: users.full_name,
  updated_at: calls.updated_at,
};

const selectCalls = (db: Db) =>
  db.select(view).from(calls).leftJoin(leads, eq(leads.id, calls.lead_id)).leftJoin(users, eq(users.id, calls.host_id));

export async function listCalls(db: Db, q: z.output<typeof callListQuery>, now = new Date()): Promise<Call[]> {
  const at = now.toISOString();
  return q.when === "upcoming"
    ? selectCalls(db).where(gte(calls.end_at, at)).orderBy(asc(calls.start_at))
    : selectCalls(db).where(lt(calls.end_at, at)).orderBy(desc(calls.start_at)).limit(PAST_LIMIT);
}

export async function getCall(db: Db, id: string): Promise<Call> {
  const [call] = await selectCalls(db).where(eq(calls.id, id));
  if (!call) throw notFound("Call");
  return call;
}

/**
 * How a call that has happened went, on the lead's timeline too, in one write; answers it with
 * the status it had, so a no-show's visitor is offered another time once, when it first becomes one
 * (by the route, once this is stored).
 */
export async function markCallOutcome(
  db: Db,
  id: string,
  input: z.output<typeof callOutcomeInput>,
  staff: { id: string; name: string },
  now = new Date(),
): Promise<{ call: Call; was: Call["status"] }> {
  const call = await getCall(db, id);
  if (call.status === "cancelled")
    throw new AppError("validation_failed", "This call was cancelled", { status: "This call was cancelled" });
  if (Date.parse(call.start_at) > now.getTime())
    throw new AppError("validation_failed", "This call has not happened yet", { status: "This call has not happened yet" });
  const stamp = nextStamp(input.updated_at);
  try {
    await runBatch(db, [
      db
        .update(calls)
        .set({ status: input.status, updated_at: stamp })
        .where(and(eq(calls.id, id), eq(calls.updated_at, input.updated_at))),
      requireUpdated(db),
      ...(call.status === input.status
        ? []
        : meetingOnLead(
            db,
            call.lead_id,
            { who_username: staff.id, who_name: staff.name, who_kind: "staff" },
            callOnTimeline.marked(input.status, call.start_at),
            stamp,
          )),
    ]);
  } catch (err) {
    if (isGuardAbort(err)) await versionedResult([], () => getCall(db, id).catch(() => null), "Call");
    throw err;
  }
  return { call: await getCall(db, id), was: call.status };
}
