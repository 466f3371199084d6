/**
 * /api/crm/export, /import and /delete-all (Settings, docs/decisions/0047-placeholders-become-real.md), all the Owner's: an export
 * is every client's and lead's personal data in one file (docs/guide/security.md). Each leaves a line in the audit trail.
 * Export answers the document as it is read, and Import reads the body as it arrives (docs/decisions/0025-data-transfer-in-chunks.md): neither
 * holds the whole document.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { deleteAllInput, exportQuery } from "../../../contract/export";
import { isJsonContentType, jsonBody, queryParams } from "../../platform/validate";
import { AppError } from "../../platform/errors";
import { byteStreamOf, textOf } from "../../platform/json-stream";
import { ownerOnly } from "../users-and-auth";
import { importDocument, openExport, totalRows } from "./data-transfer";
import { deleteAll } from "./backups";
import { publish } from "../live";
import { auditSourceOf } from "../audit";
import { auditEvent } from "../audit";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * Cloudflare's own ceiling for a request body on the Free and Pro plans. A 50,000-lead export is
 * about 35 MB, and one at the document's ceiling (100,000 rows per table) about 70 MB; Import
 * reads it a row at a time, so its size is not held in memory.
 */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
const tooLarge = () => new AppError("payload_too_large", `The file is too large to import (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`);

export const dataRoute = new Hono<AppEnv>()
  .get("/export", ownerOnly, queryParams(exportQuery), async (c) => {
    const db = c.get("db");
    // A download is the CRM as the export began: an enquiry arriving meanwhile waits for the next one.
    const exp = await openExport(db, c.env.PREVIEWS, { leaveOutNewRows: true });
    const what =
      c.req.valid("query").format === "csv"
        ? `Exported ${count(exp.counts.leads, "lead")} and ${count(exp.counts.clients, "client")} as CSV`
        : `Exported ${totalRows(exp.counts)} rows as JSON`;
    await auditEvent(db, await auditSourceOf(c), "export", what);
    const requestId = c.get("requestId");
    // A failure part-way (the CRM changed while it was read) ends the download unfinished, so no
    // half-written file passes for an export.
    const body = byteStreamOf(exp.text, (error) =>
      console.error(JSON.stringify({ level: "error", what: "export stopped", requestId, error: String(error) })),
    );
    return c.body(body, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="crm-export-${exp.exported_at.slice(0, 10)}.json"`,
    });
  })
  .post("/import", ownerOnly, async (c) => {
    if (!isJsonContentType(c.req.header("content-type"))) throw new AppError("unsupported_media_type", "Send the file as application/json");
    if (Number(c.req.header("content-length") ?? 0) > MAX_IMPORT_BYTES) throw tooLarge();
    const body = c.req.raw.body;
    if (!body) throw new AppError("invalid_json", "This file is not a valid CRM export: it is empty. Nothing was imported.");
    const db = c.get("db");
    const source = await auditSourceOf(c);
    const result = await importDocument(db, c.env.PREVIEWS, textOf(body, MAX_IMPORT_BYTES, tooLarge), {
      alongside: (rows) => [auditEvent(db, source, "import", `Imported ${rows} rows`)],
    });
    publish(c, { entity: "all", op: "reset", id: null });
    return c.json(result, 200);
  })
  .post("/delete-all", ownerOnly, jsonBody(deleteAllInput), async (c) => {
    const result = await deleteAll(c.get("db"), c.env.PREVIEWS, c.get("user"), await auditSourceOf(c));
    publish(c, { entity: "all", op: "reset", id: null });
    return c.json(result, 200);
  });
