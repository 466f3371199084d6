/** The studio's customers (CLIENTS), each with a key the other generators use to point at it. */
import { CLIENTS, PREVIEW_CLIENTS } from "./data/clients";
import { stamps, type Row, type SeedBase } from "./context";
import type { clients } from "../../worker/db/schema";

export type ClientFields = Omit<Row<typeof clients>, "created_at" | "updated_at"> & { id: string; created_at: string };

/** A client row, updated some time after it was created. */
export function addClient(ctx: SeedBase, { created_at, ...client }: ClientFields): void {
  ctx.rows.clients.push({ ...client, ...stamps(ctx, created_at) });
}

/** The curated clients; answers their ids by key. */
export function seedClients(ctx: SeedBase): Record<string, string> {
  const { rand, clock } = ctx;
  const clientIds: Record<string, string> = {};
  for (const c of CLIENTS) {
    if (c.preview_id && !PREVIEW_CLIENTS.some((p) => p.id === c.preview_id))
      throw new Error(`${c.name}: no public preview card "${c.preview_id}"`);
    const id = rand.uuid();
    clientIds[c.key] = id;
    addClient(ctx, {
      id,
      name: c.name,
      website: c.website,
      emails: c.emails,
      phones: c.phones,
      services: c.services,
      notes: c.notes,
      active: c.active,
      preview_id: c.preview_id,
      created_at: clock.ago(c.daysAgo, rand),
    });
  }
  return clientIds;
}
