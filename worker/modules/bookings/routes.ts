/** /api/crm/settings/bookings: Settings → Bookings. */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { bookingSettingsInput } from "../../../contract/booking-settings";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "../users-and-auth";
import { publish } from "../live";
import { auditSourceOf } from "../audit";
import { bookingSettingsFor, saveBookingSettings } from "./booking-settings";

export const bookingSettingsRoute = new Hono<AppEnv>()
  .get("/bookings", async (c) => c.json(await bookingSettingsFor(c.get("db"), c.get("user").role === "Owner"), 200))
  .put("/bookings", ownerOnly, jsonBody(bookingSettingsInput), async (c) => {
    const saved = await saveBookingSettings(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "bookings" });
    return c.json(saved, 200);
  });
