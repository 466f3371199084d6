/** The drizzle handle over the D1 binding. */
import { drizzle } from "drizzle-orm/d1";
import type { D1Database } from "@cloudflare/workers-types";
import * as schema from "../db/schema";

/*
 * No `{ schema }`: it only serves drizzle's relational queries (`db.query.…`), which nothing here
 * uses, and drizzle walks every table to build their config each time a handle is made, once per
 * request: about a tenth of a small request's CPU in a profile of the leads list.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1 as never);
}
export type Db = ReturnType<typeof createDb>;
export { schema };
