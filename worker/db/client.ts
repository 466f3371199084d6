/** The drizzle handle over the D1 binding. */
import { drizzle } from "drizzle-orm/d1";
import type { D1Database } from "@cloudflare/workers-types";
import * as schema from "./schema";

export function createDb(d1: D1Database) {
  return drizzle(d1 as never, { schema });
}
export type Db = ReturnType<typeof createDb>;
export { schema };
