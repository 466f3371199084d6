/**
 * /crm/leads : the Leads table with server-side search (?q=, also set by the global search) and a
 * status filter; ?lead={id} (a link from the activity feed) opens that lead's dialog.
 */
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { Plus, Search } from "lucide-react";
import { leadSorts, leadStatuses, type LeadSort, type LeadStatus } from "@contract/lead-statuses";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import type { RouteHandle } from "@/lib/page-meta";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { leadQueryOptions } from "@/features/leads/api/leads";
import { LeadDialogsProvider, useLeadDialogs } from "@/features/leads/components/lead-dialogs";
import { LeadsTable } from "@/features/leads/components/leads-table";
import { FailedNotifications } from "@/features/form-submissions/components/failed-notifications";
import { CrmPage } from "./components/crm-page";
import { UrlFilterBox, useSetSearchParam } from "./components/url-filter-box";

const AddLeadDialog = lazyDialog(() => import("@/features/leads/components/add-lead-dialog").then((m) => m.AddLeadDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Leads – CRM", description: "Leads in the Redbrick Studio CRM.", noindex: true }),
};

/** Opens the lead named by ?lead= once, then drops the parameter so closing the dialog stays closed. */
function OpenLeadFromUrl() {
  const [params, setParams] = useSearchParams();
  const leadId = params.get("lead");
  const queryClient = useQueryClient();
  const { openDetail } = useLeadDialogs();
  useEffect(() => {
    if (!leadId) return;
    void queryClient.fetchQuery(leadQueryOptions(leadId)).then(openDetail, () => undefined);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete("lead");
        return next;
      },
      { replace: true },
    );
  }, [leadId, queryClient, openDetail, setParams]);
  return null;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get("q") ?? "";
  const status = (params.get("status") ?? "") as LeadStatus | "";
  const followUp = params.get("follow_up") === "due" ? "due" : undefined;
  const sortParam = params.get("sort") ?? "";
  const sort = (leadSorts as readonly string[]).includes(sortParam) ? (sortParam as LeadSort) : undefined;
  const [term, setTerm] = useState(urlQ);
  const [adding, setAdding] = useState(false);

  // The global search changes ?q= while we are here: follow it (adjusting state while rendering, not in an effect).
  const [seenQ, setSeenQ] = useState(urlQ);
  if (seenQ !== urlQ) {
    setSeenQ(urlQ);
    if (term.trim() !== urlQ) setTerm(urlQ);
  }

  // Debounce typing into the URL (the URL is the filter, so back/forward and links keep it).
  useEffect(() => {
    if (term.trim() === urlQ) return;
    const t = setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (term.trim()) next.set("q", term.trim());
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(t);
  }, [term, urlQ, setParams]);

  /** The filters live in the URL, so back/forward and links keep them. */
  const setParam = useSetSearchParam();

  return (
    <LeadDialogsProvider>
      <CrmPage
        title="Leads"
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New Lead
          </Button>
        }
      >
        <OpenLeadFromUrl />
        <FailedNotifications />
        <div className="mb-4 flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <Input
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Search by name, company or email"
              aria-label="Search leads"
              className="pl-9"
            />
          </div>
          <div className="sm:w-56">
            <NativeSelect aria-label="Filter by status" value={status} onChange={(e) => setParam("status", e.target.value)}>
              <option value="">All Statuses</option>
              <NativeOptions values={leadStatuses} />
            </NativeSelect>
          </div>
          <UrlFilterBox param="follow_up" value="due" label="Follow-up due" />
        </div>
        <LeadsTable
          filters={{ q: urlQ || undefined, status: status || undefined, follow_up: followUp, sort }}
          onSort={(next) => setParam("sort", next)}
        />
        <AddLeadDialog open={adding} onOpenChange={setAdding} />
      </CrmPage>
    </LeadDialogsProvider>
  );
}
