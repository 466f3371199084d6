/** /api/crm/dashboard: the studio's numbers, charts and the signed-in user's lists, for any member of staff. */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { getDashboard } from "./dashboard";

export const dashboardRoute = new Hono<AppEnv>().get("/", async (c) => c.json(await getDashboard(c.get("db"), c.get("user").id), 200));
