/** What needs doing: the signed-in user's tasks, follow-ups, late invoices, unanswered proposals, the week's calls, open client feedback. */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { DashboardLists as Lists } from "@contract/dashboard";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatDateTime, formatMoney } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";

function ListCard<T extends { id: string }>({
  heading,
  list,
  empty,
  all,
  children,
}: {
  heading: string;
  list: { total: number; items: T[] };
  empty: string;
  all: { to: string; label: string };
  children: (item: T) => ReactNode;
}) {
  const slug = heading.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <section
      aria-labelledby={`list-${slug}`}
      data-testid={`list-${slug}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`list-${slug}`} className="font-semibold">
          {heading} <span className="font-normal text-slate-600">({list.total})</span>
        </h2>
        <Link to={all.to} className="text-sm font-medium text-brick-700 hover:underline">
          {all.label}
        </Link>
      </div>
      {list.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.id} className="py-2 text-sm">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      {list.total > list.items.length && (
        <p className="mt-2 text-xs text-slate-600">
          Showing the first {list.items.length} of {list.total}.
        </p>
      )}
    </section>
  );
}

const rowLink = "flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded hover:text-brick-700";

/** A row's title, and whom it is for (a company, a client) beside it when there is one. */
const RowTitle = ({ title, beside }: { title: string; beside: string | null }) => (
  <span className="min-w-0 font-medium break-words">
    {title}
    {beside && <span className="font-normal text-slate-600"> · {beside}</span>}
  </span>
);

export function DashboardLists({ lists }: { lists: Lists }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ListCard
        heading="My tasks due"
        list={lists.my_tasks}
        empty="Nothing due today. Enjoy the breathing space."
        all={{ to: "/crm/tasks?mine=1", label: "My tasks" }}
      >
        {(t) => (
          <Link to="/crm/tasks?mine=1" className={rowLink}>
            <span className="min-w-0 font-medium break-words">{t.title}</span>
            <span className={t.overdue ? "text-red-700" : "text-slate-600"}>
              {t.overdue ? `Overdue since ${formatDate(t.due_date)}` : "Due today"}
            </span>
          </Link>
        )}
      </ListCard>
      <ListCard
        heading="Follow-ups due"
        list={lists.follow_ups}
        empty="No follow-ups due. Every lead has been chased."
        all={{ to: "/crm/leads?follow_up=due&sort=follow_up", label: "All due" }}
      >
        {(l) => (
          <Link to={relatedHref("lead", l.id, l.name)} className={rowLink}>
            <RowTitle title={l.name} beside={l.company} />
            <span className="text-slate-600">
              <Badge>{l.status}</Badge> {formatDate(l.follow_up_date)}
            </span>
          </Link>
        )}
      </ListCard>
      <ListCard
        heading="Invoices overdue"
        list={lists.overdue_invoices}
        empty="No invoices overdue. Everyone has paid on time."
        all={{ to: "/crm/invoices?status=Overdue", label: "Overdue invoices" }}
      >
        {(i) => (
          <Link to={relatedHref("invoice", i.id, i.number)} className={rowLink}>
            <RowTitle title={i.number} beside={i.client_name} />
            <span className="text-red-700 tabular-nums">
              {formatMoney(i.total)}, due {formatDate(i.due_date)}
            </span>
          </Link>
        )}
      </ListCard>
      <ListCard
        heading="Proposals awaiting an answer"
        list={lists.waiting_proposals}
        empty="No proposal has waited more than a week for an answer."
        all={{ to: "/crm/proposals", label: "All proposals" }}
      >
        {(p) => (
          <Link to={relatedHref("proposal", p.id, p.title)} className={rowLink}>
            <RowTitle title={p.title} beside={p.for_name} />
            <span className="text-slate-600">Sent {formatDate(p.sent_date)}</span>
          </Link>
        )}
      </ListCard>
      <ListCard
        heading="Calls this week"
        list={lists.calls_this_week}
        empty="No calls booked for the next seven days."
        all={{ to: "/crm/calls", label: "All calls" }}
      >
        {(c) => (
          <Link to={c.lead_id ? relatedHref("lead", c.lead_id, c.name) : "/crm/calls"} className={rowLink}>
            <RowTitle title={c.name} beside={c.company} />
            <span className="text-slate-600">
              {formatDateTime(c.start_at)} · {c.method === "phone" ? "Phone" : "Video"}
              {c.host_name && `, ${c.host_name}`}
            </span>
          </Link>
        )}
      </ListCard>
      <ListCard
        heading="Open client feedback"
        list={lists.open_feedback}
        empty="No open comments from clients. All caught up."
        all={{ to: "/crm/clients", label: "Clients" }}
      >
        {(c) => (
          <Link to={relatedHref("client", c.client_id, c.client_name)} className="block rounded hover:text-brick-700">
            <span className="font-medium">{c.client_name}</span>
            <span className="text-slate-600">
              {" "}
              · {c.author_name}, {formatDateTime(c.created_at)}
            </span>
            <span className="mt-0.5 block break-words text-slate-700">{c.excerpt}</span>
          </Link>
        )}
      </ListCard>
    </div>
  );
}
