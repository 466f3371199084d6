/** /api/crm/instalments: a project's or a proposal's instalments, as the CRM shows them. */
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import { queryParams } from "../../platform/validate";
import { instalmentsOf } from "./instalments";

export const instalmentsRoute = new Hono<AppEnv>().get(
  "/",
  queryParams(z.object({ project_id: z.string().min(1).max(64).optional(), proposal_id: z.string().min(1).max(64).optional() }).strict()),
  async (c) => {
    const { project_id, proposal_id } = c.req.valid("query");
    return c.json(
      { instalments: await instalmentsOf(c.get("db"), { projectId: project_id, proposalIds: proposal_id ? [proposal_id] : undefined }) },
      200,
    );
  },
);
