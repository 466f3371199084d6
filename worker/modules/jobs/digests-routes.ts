/**
 * /api/crm/digests: your own daily digest switch (everyone), and the digests the e-mail binding
 * refused, with a resend (Owner, Settings).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { digestPreference } from "../../../contract/digest";
import { AppError } from "../../platform/errors";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "../users-and-auth";
import { getDigestPreference, listFailedDigests, resendDigest, setDigestPreference } from "./digest";

export const digestsRoute = new Hono<AppEnv>()
  .get("/preference", async (c) => c.json({ daily_digest: await getDigestPreference(c.get("db"), c.get("user").id) }, 200))
  .put("/preference", jsonBody(digestPreference), async (c) =>
    c.json({ daily_digest: await setDigestPreference(c.get("db"), c.get("user").id, c.req.valid("json").daily_digest) }, 200),
  )
  .get("/failed", ownerOnly, async (c) => c.json({ digests: await listFailedDigests(c.get("db")) }, 200))
  .post("/:id/resend", ownerOnly, async (c) => {
    const outcome = await resendDigest(c.env, c.get("db"), c.req.param("id"));
    if (outcome === "failed") throw new AppError("upstream_failed", "The digest could not be sent. It stays listed for another try.");
    return c.json({ outcome }, 200);
  });
