/**
 * An Activity Feed entry the studio's own machinery writes (a reminder sent, a raised document
 * e-mailed): credited to the studio, not to a person, on the client's feed.
 */
import { activities } from "../../db/schema";
import { automaticCredit } from "../../../contract/activity-values";
import { newId } from "../../platform/ids";

export const automaticEntry = (
  studioName: string,
  e: { summary: string; clientId: string; at: string },
): typeof activities.$inferInsert => ({
  id: newId(),
  who_username: null,
  who_name: automaticCredit(studioName),
  who_kind: "automatic",
  type: "Email",
  summary: e.summary,
  related_type: "client",
  related_id: e.clientId,
  created_at: e.at,
  updated_at: e.at,
});
