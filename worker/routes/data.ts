/**
 * /api/crm/export, /import and /delete-all (Settings, docs/decisions/product/16-placeholders-become-real.md), all the Owner's: an export
 * is every client's and lead's personal data in one file (README.md → Security). Each leaves a line in the audit trail.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../env";
import { deleteAllInput, exportDocument, exportTables } from "../../contract/export";
import { fieldErrors, jsonBody } from "../lib/validate";
import { AppError } from "../lib/errors";
import { ownerOnly } from "../middleware/auth";
import { exportAll, importAll } from "../services/data-transfer";
import { deleteAll } from "../services/backups";
import { publish } from "../live/publish";
import { auditSourceOf } from "../middleware/audit";
import { auditEvent } from "../services/audit";

/** Far above a 10,000-lead export (a few MB), well within a worker's memory. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/** How many problems a refused file reports; the message gives the total. */
const MAX_REPORTED = 50;

export const dataRoute = new Hono<AppEnv>()
  .get("/export", ownerOnly, async (c) => {
    const db = c.get("db");
    const doc = await exportAll(db);
    const rows = exportTables.reduce((n, t) => n + doc[t].length, 0);
    await auditEvent(db, await auditSourceOf(c), "export", `Exported ${rows} rows as JSON`);
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
      const parsed = exportDocument.safeParse(c.req.valid("json"));
      if (!parsed.success) {
        const all = fieldErrors(parsed.error.issues);
        const keys = Object.keys(all);
        const first = keys[0] === "_" ? all._ : `${keys[0]}: ${all[keys[0]]}`;
        throw new AppError(
          "validation_failed",
          `This file is not a valid CRM export (${keys.length} problem${keys.length === 1 ? "" : "s"}). Nothing was imported. First: ${first}`,
          Object.fromEntries(keys.slice(0, MAX_REPORTED).map((k) => [k, all[k]])),
        );
      }
      const rows = exportTables.reduce((n, t) => n + parsed.data[t].length, 0);
      const audit = auditEvent(c.get("db"), await auditSourceOf(c), "import", `Imported ${rows} rows`);
      const result = await importAll(c.get("db"), parsed.data, [audit]);
      publish(c, { entity: "all", op: "reset", id: null });
      return c.json(result, 200);
    },
  )
  .post("/delete-all", ownerOnly, jsonBody(deleteAllInput), async (c) => {
    const result = await deleteAll(c.get("db"), c.env.PREVIEWS, c.get("user"), await auditSourceOf(c));
    publish(c, { entity: "all", op: "reset", id: null });
    return c.json(result, 200);
  });
