/**
 * /api/crm/export, /import and /delete-all (Settings, docs/decisions/product/16-placeholders-become-real.md), all the Owner's: an export
 * is every client's and lead's personal data in one file (README.md → Security). Each leaves a line in the audit trail.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import type { AppEnv } from "../env";
import { deleteAllInput, exportQuery, exportTables } from "../../contract/export";
import { jsonBody, queryParams } from "../lib/validate";
import { AppError } from "../lib/errors";
import { ownerOnly } from "../middleware/auth";
import { exportAll, importAll, readDocument } from "../services/data-transfer";
import { deleteAll } from "../services/backups";
import { publish } from "../live/publish";
import { auditSourceOf } from "../middleware/audit";
import { auditEvent } from "../services/audit";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** Far above a 10,000-lead export (a few MB), well within a worker's memory. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export const dataRoute = new Hono<AppEnv>()
  .get("/export", ownerOnly, queryParams(exportQuery), async (c) => {
    const db = c.get("db");
    const doc = await exportAll(db, c.env.PREVIEWS);
    const rows = exportTables.reduce((n, t) => n + doc[t].length, 0);
    const what =
      c.req.valid("query").format === "csv"
        ? `Exported ${count(doc.leads.length, "lead")} and ${count(doc.clients.length, "client")} as CSV`
        : `Exported ${rows} rows as JSON`;
    await auditEvent(db, await auditSourceOf(c), "export", what);
    c.header("Content-Disposition", `attachment; filename="crm-export-${doc.exported_at.slice(0, 10)}.json"`);
    return c.json(doc, 200);
  })
  .post(
    "/import",
    ownerOnly,
    bodyLimit({
      maxSize: MAX_IMPORT_BYTES,
      onError: () => {
        throw new AppError("bad_request", `The file is too large to import (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`);
      },
    }),
    jsonBody(z.unknown()),
    async (c) => {
      const { doc, repaired } = readDocument(c.req.valid("json"));
      const rows = exportTables.reduce((n, t) => n + doc[t].length, 0);
      const audit = auditEvent(c.get("db"), await auditSourceOf(c), "import", `Imported ${rows} rows`);
      const result = await importAll(c.get("db"), c.env.PREVIEWS, doc, { alongside: [audit], repaired });
      publish(c, { entity: "all", op: "reset", id: null });
      return c.json(result, 200);
    },
  )
  .post("/delete-all", ownerOnly, jsonBody(deleteAllInput), async (c) => {
    const result = await deleteAll(c.get("db"), c.env.PREVIEWS, c.get("user"), await auditSourceOf(c));
    publish(c, { entity: "all", op: "reset", id: null });
    return c.json(result, 200);
  });
