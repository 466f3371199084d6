/** The clients table (docs/spec.md §2): first e-mail and phone, two services then '+N', status, created, actions. */
import { useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { Eye, Pencil, Trash2 } from "lucide-react";
import type { Client } from "@contract/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { firstScreenOf, useDrawnInFull } from "@/lib/first-screen";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { clientsQueryOptions, useDeleteClient } from "@/features/clients/api/clients";

/** The form (react-hook-form, zod, Radix) loads when a client is first edited, not with the list. */
const EditClientDialog = lazyDialog(() => import("./client-dialogs").then((m) => m.EditClientDialog));

/** `matches` narrows the rows (the global search's term); "No clients found" when none are left, filtered or not. */
export function ClientsTable({ matches = () => true }: { matches?: (name: string) => boolean }) {
  const { data, isPending, isError, refetch } = useQuery(clientsQueryOptions());
  const [editing, setEditing] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const del = useDeleteClient();
  const full = useDrawnInFull(data !== undefined);

  if (isPending) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading clients">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load clients.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const clients = data.clients.filter((c) => matches(c.name));
  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th className="px-4 py-3 font-medium">Name</th>
              <th className="px-4 py-3 font-medium max-md:hidden">Website</th>
              <th className="px-4 py-3 font-medium max-sm:hidden">Contact</th>
              <th className="px-4 py-3 font-medium max-lg:hidden">Services</th>
              <th className="px-4 py-3 font-medium">Status</th>
              <th className="px-4 py-3 font-medium max-md:hidden">Created</th>
              <th className="px-4 py-3 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {clients.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center text-slate-600">
                  No clients found
                </td>
              </tr>
            )}
            {firstScreenOf(clients, full).map((c) => (
              <tr key={c.id}>
                <td className="px-4 py-3 font-medium">
                  <Link to={`/crm/clients/${c.id}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-brick-600">
                    {c.name}
                  </Link>
                  {c.open_comments > 0 && (
                    <Badge tone="amber" className="ml-2">
                      {c.open_comments} open {c.open_comments === 1 ? "comment" : "comments"}
                    </Badge>
                  )}
                </td>
                <td className="px-4 py-3 max-md:hidden">
                  {c.website ? (
                    <a href={c.website} target="_blank" rel="noreferrer noopener" className="text-brick-700 hover:underline">
                      {c.website.replace(/^https?:\/\//, "")}
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-4 py-3 max-sm:hidden">
                  <div>{c.emails[0] ?? "—"}</div>
                  {c.phones[0] && <div className="text-slate-500">{c.phones[0]}</div>}
                </td>
                <td className="px-4 py-3 max-lg:hidden">
                  <div className="flex flex-wrap gap-1">
                    {c.services.slice(0, 2).map((s) => (
                      <Badge key={s}>{s}</Badge>
                    ))}
                    {c.services.length > 2 && <Badge tone="slate">+{c.services.length - 2}</Badge>}
                  </div>
                </td>
                <td className="px-4 py-3">
                  <Badge tone={c.active ? "green" : "slate"}>{c.active ? "Active" : "Inactive"}</Badge>
                </td>
                <td className="px-4 py-3 max-md:hidden">{formatDate(c.created_at)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Link
                      to={`/crm/clients/${c.id}`}
                      aria-label={`View ${c.name}`}
                      className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brick-600"
                    >
                      <Eye className="size-4" aria-hidden="true" />
                    </Link>
                    <Button variant="ghost" size="sm" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="max-sm:hidden"
                      aria-label={`Delete ${c.name}`}
                      onClick={() => setDeleting(c)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <EditClientDialog
          key={editing.id}
          client={clients.find((c) => c.id === editing.id) ?? editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete client"
        description={`Are you sure you want to delete "${deleting?.name ?? ""}"?`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("Client deleted successfully"))}
      />
    </>
  );
}
