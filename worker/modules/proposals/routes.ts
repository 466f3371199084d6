/** /api/crm/proposals */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { expectedVersion } from "../../../contract/common";
import { proposalInput, proposalPatch, proposalReplyInput } from "../../../contract/proposal";
import * as z from "zod";
import { jsonBody } from "../../platform/validate";
import { SHARED_PAGE_HEADERS, sharedLinkRoutes } from "../shared-documents";
import { acceptProposal, createProposal, deleteProposal, getProposal, listProposals, updateProposal } from "./proposals";
import { crmMessagesOf, previewState, replyToProposal, resendReply } from "../shared-documents";
import { getStudioSettings } from "../settings";
import { proposalPageHtml } from "../shared-documents";
import { londonToday } from "../../platform/time";
import { AppError } from "../../platform/errors";
import { publish } from "../live";
import { deliverRaised, raiseContextOf } from "../instalments";

export const proposalsRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ proposals: await listProposals(c.get("db")) }, 200))
  .post("/", jsonBody(proposalInput), async (c) => {
    const db = c.get("db");
    const { proposal, raised } = await createProposal(db, c.req.valid("json"), c.get("user"), await raiseContextOf(db, c.env.STUDIO_NAME));
    publish(c, { entity: "proposals", op: "create", id: proposal.id });
    // Made as already accepted: its lead is Won at its total, and its deposit goes to the client.
    if (proposal.status === "Accepted" && proposal.lead) publish(c, { entity: "leads", op: "update", id: proposal.lead.id });
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, raised))
      publish(c, { entity: "invoices", op: "create", id });
    return c.json({ proposal }, 201);
  })
  .get("/:id", async (c) => c.json({ proposal: await getProposal(c.get("db"), c.req.param("id")) }, 200))
  .patch("/:id", jsonBody(proposalPatch), async (c) => {
    const db = c.get("db");
    const { proposal, leadIds, raised } = await updateProposal(
      db,
      c.req.param("id"),
      c.req.valid("json"),
      c.get("user"),
      await raiseContextOf(db, c.env.STUDIO_NAME),
    );
    publish(c, { entity: "proposals", op: "update", id: proposal.id });
    // Accepted by the edit: its deposit, raised with it, goes to the client.
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, raised))
      publish(c, { entity: "invoices", op: "create", id });
    // Its status, total or lead changed what a lead is worth (or made it Won).
    for (const id of leadIds) publish(c, { entity: "leads", op: "update", id });
    return c.json({ proposal }, 200);
  })
  .post("/:id/accept", jsonBody(z.object(expectedVersion).strict()), async (c) => {
    const db = c.get("db");
    const { proposal, raised } = await acceptProposal(
      db,
      c.req.param("id"),
      c.req.valid("json").updated_at,
      c.get("user"),
      await raiseContextOf(db, c.env.STUDIO_NAME),
    );
    publish(c, { entity: "proposals", op: "update", id: proposal.id });
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, raised))
      publish(c, { entity: "invoices", op: "create", id });
    // Its lead is now Won (if it was not already), with a timeline entry.
    if (proposal.lead) {
      publish(c, { entity: "leads", op: "update", id: proposal.lead.id });
      publish(c, { entity: "lead_activities", op: "create", id: proposal.lead.id });
    }
    return c.json({ proposal }, 200);
  })
  // Share, Send and Revoke: the client's link, as every kind of document has it.
  .route("/", sharedLinkRoutes("proposal", getProposal))
  // Preview: the client's page for this proposal as it stands (the accepted copy once accepted),
  // with forms that do nothing, and no view counted.
  .get("/:id/preview", async (c) => {
    const db = c.get("db");
    const [{ settings: studio }, state] = await Promise.all([
      getStudioSettings(db, c.env.STUDIO_NAME),
      previewState(db, c.req.param("id")),
    ]);
    return c.html(
      proposalPageHtml({ studio, studioEmail: c.env.STUDIO_INBOX, state, actionBase: null, today: londonToday() }),
      200,
      SHARED_PAGE_HEADERS,
    );
  })
  // The questions asked on the client's page and the studio's replies, which the page shows.
  .get("/:id/messages", async (c) => {
    const db = c.get("db");
    await getProposal(db, c.req.param("id"));
    return c.json({ messages: await crmMessagesOf(db, c.req.param("id")) }, 200);
  })
  // A reply: shown on the client's page and e-mailed to them. 201 whether or not the mail went: the
  // reply is stored either way, and its `email_status` says which.
  .post("/:id/messages", jsonBody(proposalReplyInput), async (c) => {
    const origin = new URL(c.req.url).origin;
    const message = await replyToProposal(c.env, c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"), origin);
    publish(c, { entity: "proposal_messages", op: "create", id: c.req.param("id") });
    return c.json({ message }, 201);
  })
  // Resend a reply's e-mail that failed. Its only work is the mail, so one that fails again is 502
  // (decision 0024), with why; the reply stays marked for another try.
  .post("/:id/messages/:messageId/retry-email", async (c) => {
    const origin = new URL(c.req.url).origin;
    const message = await resendReply(c.env, c.get("db"), c.req.param("id"), c.req.param("messageId"), origin);
    publish(c, { entity: "proposal_messages", op: "update", id: c.req.param("id") });
    if (message.email_status !== "sent")
      throw new AppError("upstream_failed", `The e-mail to the client could not be sent. ${message.email_error ?? ""}`.trim());
    return c.json({ message }, 200);
  })
  .delete("/:id", async (c) => {
    const { leadId } = await deleteProposal(c.get("db"), c.req.param("id"));
    publish(c, { entity: "proposals", op: "delete", id: c.req.param("id") });
    if (leadId) publish(c, { entity: "leads", op: "update", id: leadId });
    return c.json({ ok: true as const }, 200);
  });
