/**
 * The live hub: one Durable Object holding the WebSocket of every signed-in CRM tab. It uses
 * the hibernation API, so idle tabs cost nothing and sockets survive the object's eviction;
 * each socket's user and what it is viewing live in its attachment, not in memory.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { clientMessage, type LiveEvent, type PresenceEntry, type ServerMessage } from "../../contract/live";

interface Attachment {
  user_id: string;
  full_name: string;
  viewing: string | null;
}

export class LiveHub extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/broadcast" && request.method === "POST") {
      const event = (await request.json()) as LiveEvent;
      return Response.json({ sent: this.send({ kind: "change", event }) });
    }
    if (url.pathname === "/connect" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const { 0: client, 1: server } = new WebSocketPair();
      const attachment: Attachment = {
        user_id: url.searchParams.get("user_id") ?? "",
        full_name: url.searchParams.get("full_name") ?? "",
        viewing: null,
      };
      // Tagged by user and by session, so a disabled account or one sign-out can close exactly its tabs.
      this.ctx.acceptWebSocket(server, [attachment.user_id, sessionTag(url.searchParams.get("session_id") ?? "")]);
      server.serializeAttachment(attachment);
      this.sendPresence();
      return new Response(null, { status: 101, webSocket: client });
    }
    if (url.pathname === "/disconnect" && request.method === "POST") {
      // A disabled account, or a session signed out: its tabs stop receiving changes and presence
      // at once, not on their next reconnect (which the dead session then cannot make).
      const session = url.searchParams.get("session");
      const gone = this.ctx.getWebSockets(session ? sessionTag(session) : (url.searchParams.get("user_id") ?? ""));
      for (const ws of gone) closeQuietly(ws, 4401, session ? "Signed out" : "Account disabled");
      this.sendPresence(gone);
      return Response.json({ closed: gone.length });
    }
    return new Response("Not found", { status: 404 });
  }

  /** Sends to every open socket; answers how many received it. */
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
    return this.open(leaving).map((ws) => ws.deserializeAttachment() as Attachment);
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
    const attachment = ws.deserializeAttachment() as Attachment;
    ws.serializeAttachment({ ...attachment, viewing: parsed.data.viewing });
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

const sessionTag = (sessionId: string) => `session:${sessionId}`;

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
