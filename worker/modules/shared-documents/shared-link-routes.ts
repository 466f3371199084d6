/**
 * Share, Send and Revoke, the same three calls under each kind's CRM routes
 * (/api/crm/proposals/:id/share, /api/crm/invoices/:id/send ...). Each answers the document as it
 * now is under its kind's name (`proposal`, `invoice`), as that kind's other calls do.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { sendLinkInput } from "../../../contract/shared-link";
import { jsonBody } from "../../platform/validate";
import { publish } from "../live";
import { sendingContextOf } from "../audit";
import type { DocumentKind, DocumentOf } from "./document-kinds";
import { revokeDocumentLink, shareDocument, type DocumentReader } from "./document-links";
import { emailDocumentLink } from "./link-emails";

const liveEntity = { proposal: "proposals", invoice: "invoices" } as const;

export function sharedLinkRoutes<K extends DocumentKind>(kind: K, get: DocumentReader<K>) {
  const named = (doc: DocumentOf[K]) => ({ [kind]: doc }) as { [P in K]: DocumentOf[K] };
  return (
    new Hono<AppEnv>()
      // Share: a new link for the client (shown once), Draft to Sent.
      .post("/:id/share", async (c) => {
        const { url, document } = await shareDocument(await sendingContextOf(c), kind, c.req.param("id"), get);
        publish(c, { entity: liveEntity[kind], op: "update", id: document.id });
        return c.json({ url, ...named(document) }, 201);
      })
      // Send: a new link, e-mailed to the client. 201 whether or not Cloudflare sent the mail: the link
      // exists either way, and `email` says which (docs/decisions/0024).
      .post("/:id/send", jsonBody(sendLinkInput), async (c) => {
        const sent = await emailDocumentLink(await sendingContextOf(c), kind, c.req.param("id"), c.req.valid("json"), get);
        publish(c, { entity: liveEntity[kind], op: "update", id: sent.document.id });
        if (sent.email.sent) publish(c, { entity: "activities", op: "create", id: null });
        return c.json({ url: sent.url, ...named(sent.document), email: sent.email }, 201);
      })
      // Revoke: the link stops working at once.
      .delete("/:id/share", async (c) => {
        const document = await revokeDocumentLink(await sendingContextOf(c), kind, c.req.param("id"), get);
        publish(c, { entity: liveEntity[kind], op: "update", id: document.id });
        return c.json(named(document), 200);
      })
  );
}
