/**
 * The live hub: one Durable Object holding the WebSocket of every signed-in CRM tab, using the
 * hibernation API so idle tabs cost nothing. The worker posts committed writes to /broadcast.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

export class LiveHub extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/broadcast" && request.method === "POST") {
      const message = await request.text();
      const sent = this.broadcast(message);
      return Response.json({ sent });
    }
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const pair = new WebSocketPair();
      const [client, server] = Object.values(pair);
      const user = url.searchParams.get("user") ?? "";
      this.ctx.acceptWebSocket(server, [user]);
      server.serializeAttachment({ user });
      return new Response(null, { status: 101, webSocket: client });
    }
    return new Response("Not found", { status: 404 });
  }

  broadcast(message: string): number {
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
        sent++;
      } catch {
        // A socket closing mid-broadcast is not the other tabs' problem.
      }
    }
    return sent;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    // Echoing 1005/1006 throws in workerd; 1000 is always a valid close.
    ws.close(1000, "bye");
  }
}
