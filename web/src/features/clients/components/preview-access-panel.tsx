/** Preview access on the client detail (docs/decisions/0043-client-previews.md): link a public preview, URL, expiry, code shown once, revoke, log. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import type { PreviewAdmin } from "@contract/preview";
import { previewIds } from "@contract/preview-values";
import { clientPreviewById } from "@/content/client-previews";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/select-native";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { copyText } from "@/lib/copy-text";
import { toast } from "@/lib/toast";
import {
  clientPreviewLogQueryOptions,
  clientPreviewQueryOptions,
  useIssueCode,
  useLinkPreview,
  useSetRevoked,
  useUnlinkPreview,
} from "@/features/clients/api/clients";

/** An ISO instant as the value of a datetime-local input (the viewer's local time). */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function LinkForm({ clientId, preview }: { clientId: string; preview: PreviewAdmin | null }) {
  const link = useLinkPreview(clientId);
  const [previewId, setPreviewId] = useState<string>(preview?.preview_id ?? "");
  const [url, setUrl] = useState(preview?.previewUrl ?? "");
  const [expires, setExpires] = useState(toLocalInput(preview?.expiresAt ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => {
    if (!previewId) return setErrors({ preview_id: "Choose one of the preview cards" });
    setErrors({});
    link.mutate(
      {
        preview_id: previewId as (typeof previewIds)[number],
        previewUrl: url.trim() || null,
        expiresAt: expires ? new Date(expires).toISOString() : null,
      },
      {
        onError: (e) => {
          const fields = (e as { fields?: Record<string, string> }).fields;
          if (fields) setErrors(fields);
        },
      },
    );
  };
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Field label="Preview" error={errors.preview_id} required>
        {(p) => (
          <NativeSelect {...p} value={previewId} onChange={(e) => setPreviewId(e.target.value)}>
            <option value="">Choose a preview card</option>
            {previewIds.map((id) => (
              <option key={id} value={id}>
                {clientPreviewById(id)?.name ?? id} ({id})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Preview URL" error={errors.previewUrl} hint="https:// only">
        {(p) => <Input {...p} type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />}
      </Field>
      <Field label="Expires" error={errors.expiresAt} hint="Optional">
        {(p) => <Input {...p} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />}
      </Field>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={link.isPending}>
          {link.isPending ? "Saving..." : "Save Preview"}
        </Button>
      </div>
    </form>
  );
}

export function PreviewAccessPanel({ clientId }: { clientId: string }) {
  const previewQuery = useQuery(clientPreviewQueryOptions(clientId));
  const logQuery = useQuery(clientPreviewLogQueryOptions(clientId));
  const issue = useIssueCode(clientId);
  const setRevoked = useSetRevoked(clientId);
  const unlink = useUnlinkPreview(clientId);
  const [code, setCode] = useState<string | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  const preview = previewQuery.data?.preview ?? null;

  const generate = () =>
    issue.mutate(undefined, {
      onSuccess: (res) => {
        setCode(res.code);
        toast.success("Access code generated", { description: "Copy it now: it will not be shown again." });
      },
    });
  const copy = () => (code ? copyText(code, { copied: "Access code copied", what: "code" }) : Promise.resolve());

  return (
    <section aria-labelledby="preview-access" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-access" className="text-lg font-semibold">
          Preview access
        </h2>
        {preview && (
          <div className="flex flex-wrap gap-2">
            <Badge tone={preview.revoked ? "red" : preview.hasCode ? "green" : "amber"}>
              {preview.revoked ? "Revoked" : preview.hasCode ? "Code set" : "No code yet"}
            </Badge>
            {preview.expiresAt && <Badge tone="slate">Expires {formatDateTime(preview.expiresAt)}</Badge>}
          </div>
        )}
      </div>
      {previewQuery.isPending ? (
        <Skeleton className="mt-4 h-24 w-full" />
      ) : (
        <div className="mt-4 space-y-5">
          <LinkForm key={preview?.updatedAt ?? "none"} clientId={clientId} preview={preview} />
          {preview && (
            <>
              <p className="text-sm text-slate-600">
                Public page:{" "}
                <a className="text-brick-700 underline" href={`/clients/${preview.preview_id}`} target="_blank" rel="noreferrer">
                  /clients/{preview.preview_id}
                </a>
                {" · "}Last viewed: {preview.last_viewed_at ? formatDateTime(preview.last_viewed_at) : "Never"}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={generate} disabled={issue.isPending}>
                  <KeyRound className="size-4" aria-hidden="true" />
                  {preview.hasCode ? "Rotate Code" : "Generate Code"}
                </Button>
                {preview.revoked ? (
                  <Button
                    variant="secondary"
                    disabled={setRevoked.isPending}
                    onClick={() => setRevoked.mutate(false, { onSuccess: () => toast.success("Preview access restored") })}
                  >
                    Restore Access
                  </Button>
                ) : (
                  <Button
                    variant="danger"
                    disabled={setRevoked.isPending}
                    onClick={() => setRevoked.mutate(true, { onSuccess: () => toast.success("Preview access revoked") })}
                  >
                    Revoke Access
                  </Button>
                )}
                <Button variant="ghost" onClick={() => setConfirmUnlink(true)}>
                  Unlink Preview
                </Button>
              </div>
              {code && (
                <div className="rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
                  <p className="text-sm font-medium text-amber-900">New access code (shown once):</p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <code data-testid="preview-code" className="rounded bg-white px-3 py-2 font-mono text-base select-all">
                      {code}
                    </code>
                    <Button variant="secondary" size="sm" onClick={() => void copy()}>
                      <Copy className="size-4" aria-hidden="true" />
                      Copy
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setCode(null)}>
                      Done
                    </Button>
                  </div>
                </div>
              )}
            </>
          )}
          <div>
            <h3 className="text-sm font-semibold text-slate-800">Access log</h3>
            {logQuery.isPending ? (
              <Skeleton className="mt-2 h-16 w-full" />
            ) : !logQuery.data || logQuery.data.entries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No unlock attempts yet.</p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-slate-600">
                    <tr>
                      <th className="py-2 pr-4 font-medium">Time</th>
                      <th className="py-2 pr-4 font-medium">Result</th>
                      <th className="py-2 pr-4 font-medium">Browser</th>
                      <th className="py-2 font-medium">Address (hash)</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {logQuery.data.entries.map((e) => (
                      <tr key={e.id}>
                        <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(e.created_at)}</td>
                        <td className="py-2 pr-4">
                          <Badge tone={e.success ? "green" : "red"}>{e.success ? "Unlocked" : "Refused"}</Badge>
                        </td>
                        <td className="py-2 pr-4">{e.browser}</td>
                        <td className="py-2 font-mono text-xs">{e.ip_hash.slice(0, 12)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmUnlink}
        onOpenChange={setConfirmUnlink}
        title="Unlink preview"
        description="The preview's code will stop working and the card will no longer be linked to this client."
        confirmLabel="Unlink"
        onConfirm={() => unlink.mutateAsync().then(() => toast.success("Preview unlinked"))}
      />
    </section>
  );
}
