/** /crm/clients/:id: the client's details, their projects, proposals and invoices, their activity, and preview access. */
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Mail, Pencil, Phone, Trash2 } from "lucide-react";
import { isLate, isOwed, sumTotals } from "@contract/invoice-values";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { formatDate, formatMoney, todayInLondon } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";
import { toast } from "@/lib/toast";
import { clientQueryOptions, useDeleteClient } from "@/features/clients/api/clients";
import { ClientActivity } from "./client-activity";
import { PreviewAccessPanel } from "./preview-access-panel";

/** The form (react-hook-form, zod, Radix) loads when the client is first edited, not with the page. */
const EditClientDialog = lazyDialog(() => import("./client-dialogs").then((m) => m.EditClientDialog));

const dotClass = (status: string) =>
  status === "On Track" ? "bg-green-500" : status === "At Risk" ? "bg-yellow-400" : status === "Blocked" ? "bg-red-500" : "bg-slate-400";

/** One of the page's lists (projects, proposals, invoices): a heading with the count, the rows or a line saying there are none. */
function ListSection({
  id,
  title,
  count,
  empty,
  extra,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title} ({count})
      </h2>
      {extra}
      {count === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">{children}</ul>
      )}
    </section>
  );
}

/**
 * `feedback` is the page's Feedback section and `retainers` its Recurring Invoices, shown once the
 * client has loaded (each lives in its own feature); `names` are the staff's names by id, for the
 * activity's credits.
 */
export function ClientDetailView({
  id,
  feedback,
  retainers,
  names,
}: {
  id: string;
  feedback?: ReactNode;
  retainers?: ReactNode;
  names?: Record<string, string>;
}) {
  const { data, isPending, isError, error, refetch } = useQuery(clientQueryOptions(id));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const del = useDeleteClient();
  const navigate = useNavigate();

  const back = (
    <Link
      to="/crm/clients"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brick-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Clients
    </Link>
  );

  if (isPending) {
    return (
      <div className="mx-auto max-w-5xl space-y-4" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (isError) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="mx-auto max-w-5xl space-y-4">
        {back}
        <div className="rounded-xl border border-slate-200 bg-white p-10 text-center">
          <h1 className="text-xl font-semibold">{notFound ? "Client not found" : "Could not load this client"}</h1>
          {!notFound && (
            <Button className="mt-4" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }
  const { client, projects, proposals, invoices } = data;
  const today = todayInLondon();
  const owed = invoices.filter(isOwed);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{client.name}</h1>
            <Badge tone={client.active ? "green" : "slate"}>{client.active ? "Active" : "Inactive"}</Badge>
            {client.client_type === "Consumer" && <Badge>Consumer</Badge>}
            {client.outside_uk && <Badge>Outside the UK</Badge>}
          </div>
          <p className="mt-1 text-slate-600">Client since {formatDate(client.created_at)}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="contact" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="contact" className="text-lg font-semibold">
            Contact
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {client.website && (
              <li>
                <a href={client.website} target="_blank" rel="noreferrer noopener" className="break-all text-brick-700 underline">
                  {client.website}
                </a>
              </li>
            )}
            {client.emails.map((e) => (
              <li key={e} className="flex min-w-0 items-center gap-2">
                <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                {/* A long address wraps rather than widen the page on a phone. */}
                <a href={`mailto:${e}`} className="min-w-0 break-all text-brick-700 hover:underline">
                  {e}
                </a>
              </li>
            ))}
            {client.phones.map((p) => (
              <li key={p} className="flex items-center gap-2">
                <Phone className="size-4 text-slate-500" aria-hidden="true" />
                <a href={`tel:${p.replace(/\s+/g, "")}`} className="text-brick-700 hover:underline">
                  {p}
                </a>
              </li>
            ))}
            {!client.website && client.emails.length === 0 && client.phones.length === 0 && (
              <li className="text-slate-600">No contact details yet.</li>
            )}
          </ul>
          <h2 className="mt-5 text-lg font-semibold">Services</h2>
          <div className="mt-2 flex flex-wrap gap-1">
            {client.services.length ? (
              client.services.map((s) => <Badge key={s}>{s}</Badge>)
            ) : (
              <span className="text-sm text-slate-600">None listed.</span>
            )}
          </div>
          <h2 className="mt-5 text-lg font-semibold">Notes</h2>
          <p className="mt-2 text-sm whitespace-pre-line wrap-anywhere text-slate-700">{client.notes ?? "No notes."}</p>
        </section>
        <ListSection id="projects" title="Projects" count={projects.length} empty="No projects yet.">
          {projects.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2 wrap-anywhere">
                <span className={`size-2.5 shrink-0 rounded-full ${dotClass(p.status)}`} aria-hidden="true" />
                <span className="sr-only">{p.status}:</span>
                <Link to={relatedHref("project", p.id, p.title)} className="text-brick-700 hover:underline">
                  {p.title}
                </Link>
              </span>
              <Badge tone="blue">{p.stage}</Badge>
            </li>
          ))}
        </ListSection>
        <ListSection id="proposals" title="Proposals" count={proposals.length} empty="No proposals yet.">
          {proposals.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                <Link to={relatedHref("proposal", p.id, p.title)} className="text-brick-700 hover:underline">
                  {p.title}
                </Link>
                {p.sent_date && <span className="text-slate-500"> · sent {formatDate(p.sent_date)}</span>}
              </span>
              <span className="flex items-center gap-2">
                {p.value != null && <span className="tabular-nums">{formatMoney(p.value)}</span>}
                <Badge tone={p.status === "Accepted" ? "green" : p.status === "Rejected" ? "red" : p.status === "Sent" ? "blue" : "slate"}>
                  {p.status}
                </Badge>
              </span>
            </li>
          ))}
        </ListSection>
        <ListSection
          id="invoices"
          title="Invoices"
          count={invoices.length}
          empty="No invoices yet."
          extra={
            owed.length > 0 && (
              <p className="mt-1 text-sm text-slate-700">
                Outstanding: <strong className="tabular-nums">{formatMoney(sumTotals(owed))}</strong>
              </p>
            )
          }
        >
          {invoices.map((i) => {
            const late = isLate(i, today);
            return (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <Link to={relatedHref("invoice", i.id, i.number)} className="font-mono text-brick-700 hover:underline">
                    {i.number}
                  </Link>
                  <span className="text-slate-500">
                    {" "}
                    · {i.paid_date ? `paid ${formatDate(i.paid_date)}` : `due ${formatDate(i.due_date)}`}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums">{formatMoney(i.total)}</span>
                  <Badge tone={i.status === "Paid" ? "green" : late ? "red" : i.status === "Sent" ? "blue" : "slate"}>
                    {late && i.status === "Sent" ? "Overdue" : i.status}
                  </Badge>
                </span>
              </li>
            );
          })}
        </ListSection>
        {retainers}
      </div>

      <ClientActivity clientId={client.id} names={names} />

      <PreviewAccessPanel clientId={client.id} />

      {feedback}

      {editing && <EditClientDialog key={client.id} client={client} open onOpenChange={setEditing} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete client"
        description={`Are you sure you want to delete "${client.name}"?`}
        onConfirm={() =>
          del.mutateAsync(client.id).then(async () => {
            toast.success("Client deleted successfully");
            await navigate("/crm/clients");
          })
        }
      />
    </div>
  );
}
