/** /api/crm/search?q= */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { searchQuery } from "../../../contract/lead";
import { queryParams } from "../../platform/validate";
import { searchCrm } from "../leads";

export const searchRoute = new Hono<AppEnv>().get("/", queryParams(searchQuery), async (c) =>
  c.json(await searchCrm(c.get("db"), c.req.valid("query").q), 200),
);
