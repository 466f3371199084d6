/** Public client previews: POST /api/previews/:clientId/verify and GET /api/previews/:clientId (cookie). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { PREVIEW_INVALID_MESSAGE, previewVerifyInput } from "../../contract/preview";
import { jsonBody } from "../lib/validate";
import { clientIp } from "../middleware/auth";
import { ipHash } from "../lib/client-info";
import { assertUnderLimit, limits, recordEvent } from "../lib/rate-limit";
import { checkCode, grantCookie, previewClientOf, unlockedRecord } from "../previews/access";

const invalid = { success: false as const, error: { code: "unauthenticated" as const, message: PREVIEW_INVALID_MESSAGE } };

export const previews = new Hono<AppEnv>()
  .post("/:clientId/verify", jsonBody(previewVerifyInput), async (c) => {
    const id = c.req.param("clientId");
    const db = c.get("db");
    const limitKey = `${id}:${await ipHash(clientIp(c), c.env.SESSION_SECRET)}`;
    await assertUnderLimit(db, limits.preview, limitKey);
    const record = await checkCode(c, id, c.req.valid("json").password);
    if (!record) {
      await recordEvent(db, limits.preview, limitKey);
      return c.json(invalid, 401);
    }
    await grantCookie(c, id, record);
    return c.json({ success: true as const, client: previewClientOf(record) }, 200);
  })
  .get("/:clientId", async (c) => {
    const record = await unlockedRecord(c, c.req.param("clientId"));
    if (!record) return c.json(invalid, 401);
    return c.json({ success: true as const, client: previewClientOf(record) }, 200);
  });
