/**
 * The live hub: one Durable Object holding the WebSocket of every signed-in CRM tab. It uses
 * the hibernation API, so idle tabs cost nothing and sockets survive the object's eviction;
 * each socket's user, session and what it is viewing live in its attachment, not in memory.
 *
 * A socket lives no longer than the session that opened it (docs/decisions/0015). The worker
 * tells the hub at once when it ends sessions (sign-out, sign-out-everywhere, a new password,
 * an account disabled); besides that, an alarm re-reads every open socket's session from D1 at
 * least every SWEEP_MS while any is open, which also closes those that expired or reached the
 * 7-day cap, and any whose message from the worker was lost.
 *
 * It also keeps, in its storage, when each entity last changed, so a tab whose first data came
 * inline with its page learns on connecting what changed after the worker read it (`missed`), and
 * refetches that alone rather than everything it was given.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { createDb } from "../../platform/db";
import { endedSessions } from "../users-and-auth";
import {
  clientMessage,
  MISSED_MARGIN_MS,
  type LiveEntity,
  type LiveEvent,
  type PresenceEntry,
  type ServerMessage,
} from "../../../contract/live";

/** How often open sockets' sessions are checked again: a session's end reaches its tabs within this. */
export const SWEEP_MS = 30_000;
/** The close code of a tab whose session ended; the tab reconnects, which a dead session cannot. */
const SESSION_ENDED = 4401;

interface Attachment extends PresenceEntry {
  /** The session (jti) the upgrade presented, its epoch, and when it ends (epoch ms). */
  session_id: string;
  epoch: number;
  ends_at: number;
}

/** When each entity last changed, kept since `kept_from` (epoch ms); the storage key is CHANGE_LOG. */
export interface ChangeLog {
  kept_from: number;
  at: Partial<Record<LiveEntity, number>>;
}
export const CHANGE_LOG = "change_log";

/** Partial: sockets accepted by an earlier deployment kept no session, and the next check closes them to reconnect. */
const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as Partial<Attachment>;

/** An upgrade whose session is being read again; a disconnect for it meanwhile refuses it. */
interface Arrival {
  user_id: string;
  session_id: string;
  refused: boolean;
}

export class LiveHub extends DurableObject<Env> {
  /** In memory: a request in flight keeps the object awake, so nothing here outlives what it guards. */
  private arriving = new Set<Arrival>();
  /**
   * Read from storage when first needed, not on every wake: a tab's ping wakes the hub from
   * hibernation every 25 s. Storage reads hold other events back, so no event sees it half loaded.
   */
  private changeLog?: ChangeLog;

  private async loadChangeLog(): Promise<ChangeLog> {
    this.changeLog ??= (await this.ctx.storage.get<ChangeLog>(CHANGE_LOG)) ?? { kept_from: Date.now(), at: {} };
    return this.changeLog;
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/broadcast" && request.method === "POST") {
      const event = (await request.json()) as LiveEvent;
      const log = await this.loadChangeLog();
      log.at[event.entity] = Date.now();
      // Not awaited: the output gate holds the answer until the write is stored.
      void this.ctx.storage.put(CHANGE_LOG, log);
      return Response.json({ sent: this.send({ kind: "change", event }) });
    }
    if (url.pathname === "/connect" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") return this.attach(url);
    if (url.pathname === "/disconnect" && request.method === "POST") {
      // A disabled account, or a session signed out: its tabs stop receiving changes and presence
      // at once, not on their next reconnect (which the dead session then cannot make).
      const session = url.searchParams.get("session");
      const userId = url.searchParams.get("user_id");
      for (const a of this.arriving) if (session ? a.session_id === session : a.user_id === userId) a.refused = true;
      const gone = this.ctx.getWebSockets(session ? sessionTag(session) : (url.searchParams.get("user_id") ?? ""));
      for (const ws of gone) closeQuietly(ws, SESSION_ENDED, session ? "Signed out" : "Session ended");
      this.sendPresence(gone);
      return Response.json({ closed: gone.length });
    }
    return new Response("Not found", { status: 404 });
  }

  /**
   * Attaches a tab whose session the worker has just checked. That check may predate a
   * sign-out-everywhere whose message then found nothing to close, so the session is read again
   * here, with the upgrade registered as arriving first: an end committed before this read is
   * seen by it, and the worker's message for one committed after it refuses the arrival.
   */
  private async attach(url: URL): Promise<Response> {
    const attachment: Attachment = {
      user_id: url.searchParams.get("user_id") ?? "",
      full_name: url.searchParams.get("full_name") ?? "",
      viewing: null,
      session_id: url.searchParams.get("session_id") ?? "",
      epoch: Number(url.searchParams.get("epoch")),
      ends_at: Number(url.searchParams.get("ends_at")),
    };
    const since = url.searchParams.has("since") ? Number(url.searchParams.get("since")) : undefined;
    const log = since === undefined ? undefined : await this.loadChangeLog();
    const arrival: Arrival = { user_id: attachment.user_id, session_id: attachment.session_id, refused: false };
    this.arriving.add(arrival);
    let ended: Set<string>;
    try {
      ended = await endedSessions(createDb(this.env.DB), [
        { userId: attachment.user_id, sessionId: attachment.session_id, epoch: attachment.epoch },
      ]);
    } finally {
      this.arriving.delete(arrival);
    }
    if (arrival.refused || ended.size > 0 || !(attachment.ends_at > Date.now()))
      return Response.json({ error: { code: "unauthenticated", message: "Please sign in to continue" } }, { status: 401 });
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged by user and by session, so a disabled account or one sign-out can close exactly its tabs.
    this.ctx.acceptWebSocket(server, [attachment.user_id, sessionTag(attachment.session_id)]);
    server.serializeAttachment(attachment);
    // Read with no wait since the session check: every later change is broadcast to this socket.
    if (log && since !== undefined) this.send({ kind: "missed", entities: changedSince(log, since) }, [server]);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SWEEP_MS);
    this.sendPresence();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The check: closes every socket whose session has ended or expired, then books the next one while any is open. */
  async alarm(): Promise<void> {
    try {
      await this.closeEnded();
    } finally {
      if (this.ctx.getWebSockets().length > 0) await this.ctx.storage.setAlarm(Date.now() + SWEEP_MS);
    }
  }

  private async closeEnded(): Promise<void> {
    const now = Date.now();
    const sockets = this.ctx.getWebSockets().map((ws) => ({ ws, a: attachmentOf(ws) }));
    const expired = sockets.filter(({ a }) => !a.session_id || !(Number(a.ends_at) > now));
    for (const { ws } of expired) closeQuietly(ws, SESSION_ENDED, "Session ended");
    let gone = expired.map((s) => s.ws);
    try {
      const rest = sockets.filter((s) => !gone.includes(s.ws));
      const ended = await endedSessions(
        createDb(this.env.DB),
        rest.map(({ a }) => ({ userId: a.user_id ?? "", sessionId: a.session_id ?? "", epoch: Number(a.epoch) })),
      );
      const revoked = rest.filter(({ a }) => ended.has(a.session_id ?? "")).map((s) => s.ws);
      for (const ws of revoked) closeQuietly(ws, SESSION_ENDED, "Session ended");
      gone = [...gone, ...revoked];
    } catch (error) {
      // D1 unreachable: expiry still applied; the next check reads the sessions again.
      console.error(JSON.stringify({ level: "warn", what: "live session check failed", error: String(error) }));
    } finally {
      if (gone.length > 0) this.sendPresence(gone);
    }
  }

  /** Sends to every open socket (or to `sockets`); answers how many received it. */
  send(message: ServerMessage, sockets = this.ctx.getWebSockets()): number {
    const text = JSON.stringify(message);
    let sent = 0;
    for (const ws of sockets) {
      try {
        ws.send(text);
        sent++;
      } catch {
        // A socket closing mid-broadcast is not the other tabs' problem.
      }
    }
    return sent;
  }

  /** Who is connected, leaving out sockets on their way out. */
  private present(leaving: WebSocket[] = []): PresenceEntry[] {
    return this.open(leaving).map((ws) => {
      const { user_id, full_name, viewing } = attachmentOf(ws);
      return { user_id: user_id ?? "", full_name: full_name ?? "", viewing: viewing ?? null };
    });
  }

  private open(leaving: WebSocket[] = []) {
    return this.ctx.getWebSockets().filter((ws) => !leaving.includes(ws));
  }

  private sendPresence(leaving: WebSocket[] = []) {
    this.send({ kind: "presence", present: this.present(leaving) }, this.open(leaving));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== "string") return;
    let parsed;
    try {
      parsed = clientMessage.safeParse(JSON.parse(message));
    } catch {
      return;
    }
    if (!parsed.success) return;
    if (parsed.data.kind === "ping") {
      this.send({ kind: "pong" }, [ws]);
      return;
    }
    ws.serializeAttachment({ ...attachmentOf(ws), viewing: parsed.data.viewing });
    this.sendPresence();
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    // Echoing 1005/1006 throws in workerd; 1000 is always a valid close.
    closeQuietly(ws, 1000, "bye");
    this.sendPresence([ws]);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws);
  }
}

/** The entities changed at or after `since` less the margin; all of them when the log does not reach back that far. */
function changedSince(log: ChangeLog, since: number): LiveEntity[] {
  const from = since - MISSED_MARGIN_MS;
  if (log.kept_from > from) return ["all"];
  return (Object.entries(log.at) as [LiveEntity, number][]).filter(([, at]) => at >= from).map(([entity]) => entity);
}

const sessionTag = (sessionId: string) => `session:${sessionId}`;

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
