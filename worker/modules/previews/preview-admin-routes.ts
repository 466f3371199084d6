/**
 * /api/crm/clients/:id/preview: a client's private preview, managed by Owner and Sales alike
 * (it is client work). Mounted on /api/crm/clients beside the clients route.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { previewLinkInput } from "../../../contract/preview";
import { jsonBody } from "../../platform/validate";
import { getClientPreview, issueAccessCode, linkClientPreview, previewIdOf, setPreviewRevoked, unlinkClientPreview } from "./admin";
import { lastViewed, recentAttempts } from "./log";
import { publish } from "../live";
import { auditSourceOf } from "../audit";

export const previewAdminRoute = new Hono<AppEnv>()
  .get("/:id/preview", async (c) => c.json({ preview: await getClientPreview(c.get("db"), c.env.PREVIEWS, c.req.param("id")) }, 200))
  .put("/:id/preview", jsonBody(previewLinkInput), async (c) => {
    const preview = await linkClientPreview(c.get("db"), c.env.PREVIEWS, c.req.param("id"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "clients", op: "update", id: c.req.param("id") });
    return c.json({ preview }, 200);
  })
  .delete("/:id/preview", async (c) => {
    await unlinkClientPreview(c.get("db"), c.env.PREVIEWS, c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "clients", op: "update", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  })
  .post("/:id/preview/code", async (c) => {
    const { code, preview } = await issueAccessCode(c.get("db"), c.env.PREVIEWS, c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "clients", op: "update", id: c.req.param("id") });
    // The code is answered this once; only its hash is kept.
    return c.json({ code, preview }, 201);
  })
  .post("/:id/preview/revoke", async (c) => {
    const preview = await setPreviewRevoked(c.get("db"), c.env.PREVIEWS, c.req.param("id"), true, await auditSourceOf(c));
    publish(c, { entity: "clients", op: "update", id: c.req.param("id") });
    return c.json({ preview }, 200);
  })
  .post("/:id/preview/restore", async (c) => {
    const preview = await setPreviewRevoked(c.get("db"), c.env.PREVIEWS, c.req.param("id"), false, await auditSourceOf(c));
    publish(c, { entity: "clients", op: "update", id: c.req.param("id") });
    return c.json({ preview }, 200);
  })
  .get("/:id/preview/log", async (c) => {
    const db = c.get("db");
    const previewId = await previewIdOf(db, c.req.param("id"));
    if (!previewId) return c.json({ preview_id: null, entries: [], last_viewed_at: null }, 200);
    const [entries, last_viewed_at] = await Promise.all([recentAttempts(db, previewId), lastViewed(db, previewId)]);
    return c.json({ preview_id: previewId, entries, last_viewed_at }, 200);
  });
