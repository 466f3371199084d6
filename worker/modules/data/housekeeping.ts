/**
 * The nightly housekeeping, moved off the request paths that used to carry it: each
 * store of personal or operational data keeps only what its retention period allows. Reads that
 * show these rows (backups, the preview access log) filter by the same periods, so what a user
 * sees never depends on when the job last ran.
 */
import { and, isNull, lt } from "drizzle-orm";
import type { Db } from "../../platform/db";
import {
  digest_sends,
  form_submissions,
  invites,
  mail_refusal_days,
  mail_refusals,
  revoked_sessions,
  staged_chunks,
} from "../../db/schema";
import { MAIL_REFUSAL_RETENTION_DAYS } from "../../../contract/mail";
import { pruneEvents } from "../../platform/rate-limit";
import { pruneAccessLog } from "../previews";
import { purgeExpiredBackups } from "./backups";
import { SUBMISSION_RETENTION_MS } from "../forms";
import { firstCountedDay } from "../mail";
import { expiredCallLeadDeletes } from "../bookings";

/** How long a day's digest record is kept: long enough for the Owner to see a failure and resend. */
export const DIGEST_RECORD_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const before = (now: number, ms: number) => new Date(now - ms).toISOString();

/** The deletes, in one batch, each named for the job's record. */
export function housekeepingDeletes(db: Db, now: Date) {
  const ms = now.getTime();
  const at = now.toISOString();
  return {
    form_submissions: db.delete(form_submissions).where(lt(form_submissions.created_at, before(ms, SUBMISSION_RETENTION_MS))),
    backups: purgeExpiredBackups(db, ms),
    rate_limit_events: pruneEvents(db, ms),
    revoked_sessions: db.delete(revoked_sessions).where(lt(revoked_sessions.expires_at, at)),
    // An invitation past its expiry can never be accepted; accepted ones stay as the record of who joined.
    invites: db.delete(invites).where(and(isNull(invites.accepted_at), lt(invites.expires_at, at))),
    preview_access_log: pruneAccessLog(db, ms),
    digest_sends: db.delete(digest_sends).where(lt(digest_sends.run_date, before(ms, DIGEST_RECORD_DAYS * DAY_MS).slice(0, 10))),
    mail_refusals: db.delete(mail_refusals).where(lt(mail_refusals.created_at, before(ms, MAIL_REFUSAL_RETENTION_DAYS * DAY_MS))),
    mail_refusal_days: db.delete(mail_refusal_days).where(lt(mail_refusal_days.day, firstCountedDay(now))),
    // Pieces of an import, a restore or a backup whose request died before it committed or cleaned
    // up (docs/decisions/0025-data-transfer-in-chunks.md): no transfer runs for a day.
    staged_chunks: db.delete(staged_chunks).where(lt(staged_chunks.created_at, before(ms, DAY_MS))),
    // Visitors who only booked a call, 12 months on, with their calls, timeline and tasks.
    ...expiredCallLeadDeletes(db, now),
  };
}
