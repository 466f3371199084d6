/** Export (JSON, CSV of leads and clients), Import (Owner), backups (Owner) and the Danger Zone (Owner). */
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { Download, RotateCcw, Trash2, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { downloadBytes, downloadText, toCsv } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { backupsQueryOptions, useDeleteAll, useExport, useImport, useRestoreBackup } from "@/features/settings/api/settings";

const LEAD_COLUMNS = [
  "id",
  "name",
  "company",
  "email",
  "phone",
  "source",
  "status",
  "value",
  "notes",
  "next_action",
  "follow_up_date",
  "converted_to_client_id",
  "created_at",
  "updated_at",
] as const;
const CLIENT_COLUMNS = [
  "id",
  "name",
  "website",
  "emails",
  "phones",
  "services",
  "notes",
  "active",
  "preview_id",
  "created_at",
  "updated_at",
] as const;

const card = "rounded-xl border border-slate-200 bg-white p-5";
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ExportPanel() {
  const exp = useExport();
  const run = (kind: "json" | "csv") =>
    exp.mutate(kind, {
      onSuccess: async (doc) => {
        const day = doc.exported_at.slice(0, 10);
        if (kind === "json") downloadText(`crm-export-${day}.json`, JSON.stringify(doc, null, 2), "application/json");
        else {
          // One download holding both files: a browser may hold back a second download it did not see clicked.
          const { strToU8, zipSync } = await import("fflate");
          const zip = zipSync({
            [`leads-${day}.csv`]: strToU8(toCsv(doc.leads as unknown as Record<string, unknown>[], LEAD_COLUMNS)),
            [`clients-${day}.csv`]: strToU8(toCsv(doc.clients as unknown as Record<string, unknown>[], CLIENT_COLUMNS)),
          });
          downloadBytes(`crm-leads-and-clients-${day}.zip`, zip, "application/zip");
        }
        toast.success("Export complete", {
          description:
            kind === "json" ? "All CRM data was downloaded as JSON." : "Leads and clients were downloaded as CSV, two files in one .zip.",
        });
      },
    });
  return (
    <section className={card} aria-labelledby="export-data">
      <h2 id="export-data" className="text-lg font-semibold">
        Export Data
      </h2>
      <p className="mt-1 text-sm text-slate-600">Download every lead, client, project, proposal, invoice, task and activity.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => run("json")} disabled={exp.isPending}>
          <Download className="size-4" aria-hidden="true" />
          {exp.isPending ? "Exporting..." : "Export JSON"}
        </Button>
        <Button variant="secondary" onClick={() => run("csv")} disabled={exp.isPending}>
          <Download className="size-4" aria-hidden="true" />
          Leads & Clients CSV
        </Button>
      </div>
    </section>
  );
}

type Loaded = NonNullable<ReturnType<typeof useImport>["data"]>;

/**
 * What an import or a restore leaves for the studio to do: clients whose preview needs a new
 * access code (an export file never carries one), cards that could not be set up, and names an
 * earlier version had stored empty.
 */
function AfterLoading({ result }: { result: Loaded }) {
  const { need_code, failed } = result.previews;
  if (need_code.length === 0 && failed.length === 0 && result.repaired_text === 0) return null;
  const clientLinks = (list: { client_id: string; name: string }[]) => (
    <ul className="mt-1 list-disc space-y-1 pl-5">
      {list.map((c) => (
        <li key={c.client_id}>
          <Link to={`/crm/clients/${c.client_id}`} className="text-brick-700 underline">
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      {need_code.length > 0 && (
        <div>
          <p>
            Their previews are back, but export files never carry access codes. Issue a new code for{" "}
            {need_code.length === 1 ? "this client" : `these ${need_code.length} clients`} from their page:
          </p>
          {clientLinks(need_code)}
        </div>
      )}
      {failed.length > 0 && (
        <div>
          <p>These clients&apos; previews could not be set up again. Open their page and save the preview once more:</p>
          {clientLinks(failed)}
        </div>
      )}
      {result.repaired_text > 0 && (
        <p>
          {result.repaired_text} {result.repaired_text === 1 ? "name or text was" : "names or texts were"} stored empty by an earlier
          version and now read &ldquo;(no name)&rdquo;, &ldquo;(untitled)&rdquo; or &ldquo;(empty)&rdquo;.
        </p>
      )}
    </div>
  );
}

export function ImportPanel() {
  const imp = useImport();
  const fileRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ message: string; fields: [string, string][] } | null>(null);
  const run = () => {
    const file = fileRef.current?.files?.[0];
    if (!file) return setProblem({ message: "Choose an export file first.", fields: [] });
    setProblem(null);
    // The worker checks the file, JSON and all, and says what is wrong with it.
    imp.mutate(file, {
      onSuccess: () => {
        toast.success("Import complete", { description: `${file.name} was imported.` });
        if (fileRef.current) fileRef.current.value = "";
      },
      onError: (e) => {
        const message = isApiError(e) ? e.message : "An unexpected error occurred";
        toast.error("Import failed", { description: message });
        setProblem({ message, fields: isApiError(e) && e.fields ? Object.entries(e.fields) : [] });
      },
    });
  };
  return (
    <section className={card} aria-labelledby="import-data">
      <h2 id="import-data" className="text-lg font-semibold">
        Import Data
      </h2>
      <p className="mt-1 text-sm text-slate-600">Load a JSON export into an empty CRM. All of it is imported, or nothing.</p>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <Field label="Export file">
          {(p) => <input {...p} ref={fileRef} type="file" accept="application/json,.json" className="block w-full text-sm" />}
        </Field>
        <Button onClick={run} disabled={imp.isPending}>
          <Upload className="size-4" aria-hidden="true" />
          {imp.isPending ? "Importing..." : "Import"}
        </Button>
      </div>
      {imp.data && <AfterLoading result={imp.data} />}
      {problem && (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.fields.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 font-mono text-xs">
              {problem.fields.map(([path, msg]) => (
                <li key={path}>
                  {path}: {msg}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function BackupsPanel() {
  const { data, isPending } = useQuery(backupsQueryOptions());
  const restore = useRestoreBackup();
  const [restoring, setRestoring] = useState<string | null>(null);
  return (
    <section className={card} aria-labelledby="backups">
      <h2 id="backups" className="text-lg font-semibold">
        Backups
      </h2>
      <p className="mt-1 text-sm text-slate-600">A backup is stored before all data is deleted.</p>
      {isPending ? (
        <Skeleton className="mt-4 h-16" />
      ) : !data || data.backups.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No backups yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {data.backups.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                {formatDateTime(b.created_at)} · {b.created_by_name ?? "Unknown"} · {sizeOf(b.size)} · {b.counts.leads ?? 0} leads,{" "}
                {b.counts.clients ?? 0} clients
              </span>
              <Button variant="secondary" size="sm" onClick={() => setRestoring(b.id)}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title="Restore backup"
        description="Restore this backup? It replaces the CRM's current data."
        confirmLabel="Restore"
        variant="primary"
        onConfirm={() => restore.mutateAsync(restoring!).then(() => toast.success("Backup restored"))}
      />
      {restore.data && <AfterLoading result={restore.data} />}
    </section>
  );
}

/** Its code (Radix's dialog) loads when it first opens, not with the page. */
const DeleteAllDialog = lazyDialog(() => import("./delete-all-dialog").then((m) => m.DeleteAllDialog));

/** A problem delete-all's refusal names in a record: its text, and where the CRM opens the record. */
const OPEN_IT = /^(.*)\. Open it at (\/crm\/\S*)$/s;

export function DangerZone() {
  const del = useDeleteAll();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  // When the backup would not restore, the records to fix, each with a link to open it.
  const [blocked, setBlocked] = useState<[string, string][]>([]);
  const run = () => {
    setBlocked([]);
    del.mutate(undefined, {
      onSuccess: () => {
        toast.success("All CRM data has been permanently deleted.");
        setOpen(false);
        setTyped("");
      },
      onError: (e) => {
        if (!isApiError(e) || e.status !== 409 || !e.fields) return;
        setOpen(false);
        setBlocked(Object.entries(e.fields));
      },
    });
  };
  return (
    <section className="rounded-xl border border-red-300 bg-red-50/50 p-5" aria-labelledby="danger-zone">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Danger Zone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Delete every lead, client, project, proposal, invoice, task and activity. A backup is stored first.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete All Data
      </Button>
      {blocked.length > 0 && (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-white p-4 text-sm text-red-800">
          <p>Nothing was deleted: these records would not restore from the backup. Correct them, then try again.</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {blocked.map(([path, message]) => {
              const [, text, href] = OPEN_IT.exec(message) ?? [null, message, null];
              return (
                <li key={path}>
                  <span className="font-mono text-xs break-all">{path}</span>: {text}
                  {href && (
                    <>
                      {" "}
                      <Link to={href} className="font-medium underline">
                        Open it
                      </Link>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <DeleteAllDialog open={open} onOpenChange={setOpen} typed={typed} onTypedChange={setTyped} onConfirm={run} busy={del.isPending} />
    </section>
  );
}
