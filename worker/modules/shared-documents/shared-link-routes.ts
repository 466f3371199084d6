/**
 * Share and Revoke, the same calls under each kind's CRM routes (/api/crm/proposals/:id/share,
 * /api/crm/invoices/:id/share). Each answers the document as it now is under its kind's name
 * (`proposal`, `invoice`), as that kind's other calls do.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { publish } from "../live";
import { sendingContextOf } from "../audit";
import type { DocumentKind, DocumentOf } from "./document-kinds";
import { revokeDocumentLink, shareDocument, type DocumentReader } from "./document-links";

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
      // Revoke: the link stops working at once.
      .delete("/:id/share", async (c) => {
        const document = await revokeDocumentLink(await sendingContextOf(c), kind, c.req.param("id"), get);
        publish(c, { entity: liveEntity[kind], op: "update", id: document.id });
        return c.json(named(document), 200);
      })
  );
}
