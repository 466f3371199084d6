/**
 * GET /clients/{id}: the preview page itself. With a valid unlock cookie the worker answers it
 * unlocked in its first HTML (the frame, or "Preview Coming Soon"), so the preview needs no
 * script to show; otherwise the prerendered locked page, as the assets layer would serve it.
 * The unlocked variants the build writes under /clients/{id}/ are never served directly.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { isPreviewId } from "../../../contract/preview";
import { unlockedRecord, previewClientOf } from "./access";
import { markViewed } from "./log";
import { fillUnlockedPage, unlockedVariantPath } from "./unlocked-page";
import { fetchAsset, notFoundPage } from "../../http/assets";

/** A fresh response (assets' headers are immutable) that no cache keeps: it depends on the cookie. */
const page = (body: BodyInit | null, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });

export const previewPages = new Hono<AppEnv>()
  .get("/:clientId", async (c) => {
    const id = c.req.param("clientId");
    // Only the eight cards: an encoded "/" or dots must never reach an asset path (a template).
    if (!isPreviewId(id)) return notFoundPage(c);
    const record = await unlockedRecord(c, id);
    if (!record) {
      const locked = await fetchAsset(c, `/clients/${id}`);
      return locked.ok ? page(locked.body, 200) : notFoundPage(c);
    }
    const client = previewClientOf(record);
    const template = await fetchAsset(c, unlockedVariantPath(id, !!client.previewUrl));
    await markViewed(c.get("db"), id);
    return page(fillUnlockedPage(await template.text(), client), 200);
  })
  .get("/:clientId/*", (c) => notFoundPage(c));
