/**
 * Who is viewing a client's page (/p, /i), for its count of views: a GET by someone not signed in
 * is the client. A member of staff looking at what the client sees is not the client viewing it,
 * and a HEAD (a link checker, a mail scanner) reads nothing.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { currentUser } from "../users-and-auth";
import { clientIp, limitKeyOf } from "../../platform/client-info";

/** The visitor's address key (as per-IP limits count it) when this request is a client's view, else null. */
export async function clientViewer(c: Context<AppEnv>): Promise<string | null> {
  if (c.req.method !== "GET") return null;
  if (await currentUser(c, c.get("db"))) return null;
  return visitorKey(c);
}

/** The visitor's address key: an IPv4 address or an IPv6 /64, as a keyed hash. */
export const visitorKey = (c: Context<AppEnv>) => limitKeyOf(clientIp(c), c.env.SESSION_SECRET);
