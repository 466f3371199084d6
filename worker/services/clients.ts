/** Clients. */
import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients } from "../db/schema";
import type { Client } from "../../contract/client";

export function listClients(db: Db): Promise<Client[]> {
  return db.select().from(clients).orderBy(desc(clients.created_at));
}
