/** A lead at a glance: tabs Details, Timeline (lead-timeline.tsx) and Quick Actions. */
import { relatedHref } from "@/lib/related-href";
import { Presence } from "@/components/presence";
import { useId, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { Mail, Phone } from "lucide-react";
import type { Lead } from "@contract/lead";
import { projectTypes } from "@contract/project";
import { Button } from "@/components/ui/button";
import { DialogContent, DialogRoot } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { isApiError } from "@/lib/api";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  leadProjectsQueryOptions,
  leadQueryOptions,
  personName,
  useLeadAction,
  usersQueryOptions,
  type ProjectType,
} from "@/features/leads/api/leads";
import { LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { LeadTimeline } from "./lead-timeline";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export function LeadDetailDialog({
  lead: initial,
  open,
  onOpenChange,
  onEdit,
}: {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit?: (lead: Lead) => void;
}) {
  const lead =
    useQuery({ ...leadQueryOptions(initial?.id ?? ""), enabled: open && !!initial, initialData: initial ?? undefined }).data ?? initial;
  const { data: names } = useQuery(usersQueryOptions());
  if (!lead) return null;
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      {/* One height for every tab (its content scrolls inside): the tab row stays under the pointer. */}
      <DialogContent title={lead.name} description={lead.company ?? undefined} className="h-[min(44rem,90dvh)] max-w-2xl">
        <Presence viewing={`lead:${lead.id}`} className="mb-2" />
        <Tabs defaultValue="details">
          <TabsList>
            <TabsTrigger value="details">Details</TabsTrigger>
            <TabsTrigger value="timeline">Timeline</TabsTrigger>
            <TabsTrigger value="actions">Quick Actions</TabsTrigger>
          </TabsList>
          <TabsContent value="details">
            <dl className="divide-y divide-slate-100">
              <Row label="Status">
                <LeadStatusBadge status={lead.status} />
              </Row>
              <Row label="Email">
                {lead.email ? (
                  <a className="inline-flex max-w-full items-center gap-1 text-brick-700 underline" href={`mailto:${lead.email}`}>
                    <Mail className="size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0">{lead.email}</span>
                  </a>
                ) : (
                  "—"
                )}
              </Row>
              <Row label="Phone">
                {lead.phone ? (
                  <a className="inline-flex items-center gap-1 text-brick-700 underline" href={`tel:${lead.phone}`}>
                    <Phone className="size-4" aria-hidden="true" />
                    {lead.phone}
                  </a>
                ) : (
                  "—"
                )}
              </Row>
              <Row label="Source">{lead.source ? <LeadSourceBadge source={lead.source} /> : "—"}</Row>
              <Row label="Deal Value">{formatMoney(lead.value)}</Row>
              <Row label="Next Action">{lead.next_action ?? "—"}</Row>
              <Row label="Follow-up Date">{formatDate(lead.follow_up_date)}</Row>
              <Row label="Notes">
                <span className="whitespace-pre-wrap">{lead.notes ?? "—"}</span>
              </Row>
              <Row label="Created">{formatDate(lead.created_at)}</Row>
              <Row label="Added By">{personName(names, lead.added_by)}</Row>
              <Row label="Stage Changed By">{lead.stage_changed_by ? personName(names, lead.stage_changed_by) : "—"}</Row>
            </dl>
            {onEdit && (
              <div className="mt-4 flex justify-end">
                <Button variant="secondary" onClick={() => onEdit(lead)}>
                  Edit Lead
                </Button>
              </div>
            )}
          </TabsContent>
          <TabsContent value="timeline">
            <LeadTimeline lead={lead} names={names} />
          </TabsContent>
          <TabsContent value="actions">
            <QuickActions lead={lead} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </DialogRoot>
  );
}

function QuickActions({ lead }: { lead: Lead }) {
  const action = useLeadAction();
  const navigate = useNavigate();
  const [type, setType] = useState<ProjectType>("Web Design");
  const typeId = useId();
  // Only a Won lead can have its project started, so only then is it worth asking which it has.
  const { data: leadProjects, isPending: projectsPending } = useQuery({
    ...leadProjectsQueryOptions(lead.id),
    enabled: lead.status === "Won",
  });
  const project = leadProjects?.[0];
  const more = (leadProjects?.length ?? 0) - 1;
  const openProject = (id: string) => navigate(relatedHref("project", id, ""));
  const run = (a: "follow_up_task" | "proposal" | "convert_to_client", success: string, failure: string) =>
    action.mutate(
      { id: lead.id, action: a },
      {
        onSuccess: () => toast.success(success),
        onError: (e) => toast.error(failure, { description: isApiError(e) ? e.message : undefined }),
      },
    );
  const startProject = (another: boolean) =>
    action.mutate(
      { id: lead.id, action: "start_project", project_type: type, another },
      {
        onSuccess: (result) => {
          // Started elsewhere meanwhile: open that one rather than a second.
          if (result.existing) {
            toast.info(result.skipped ?? "This lead already has a project");
            openProject(result.existing.id);
          } else toast.success("Project created successfully! Check the Projects page.");
        },
        onError: (e) => toast.error("Failed to start project", { description: isApiError(e) ? e.message : undefined }),
      },
    );
  const busy = action.isPending;
  return (
    <div className="space-y-4">
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant="secondary"
          disabled={busy || !!lead.converted_to_client_id}
          onClick={() => run("convert_to_client", "Lead converted to client successfully", "Failed to convert lead to client")}
        >
          {lead.converted_to_client_id ? "Already a client" : "Convert to Client"}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => run("follow_up_task", "Task added successfully", "Failed to add task")}>
          Create Follow-up Task
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => run("proposal", "Proposal added successfully", "Failed to add proposal")}
        >
          Create Proposal
        </Button>
      </div>
      {/* docs/spec.md §4: Start Project is offered for Won leads (the worker refuses it for any other). */}
      {lead.status !== "Won" ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
          Start Project is offered once the lead is Won.
        </p>
      ) : (
        <div className="rounded-lg border border-slate-200 p-3">
          {project && (
            // A won deal has one project: Start Project opens it, and another is only ever asked for on purpose.
            <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">
                This lead already has a project: <span className="font-medium text-slate-900">{project.title}</span>
                {more > 0 ? ` and ${more} more` : ""}.
              </p>
              <Button onClick={() => openProject(project.id)}>Open project</Button>
            </div>
          )}
          <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
            Project type
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <div className="flex-1">
              <NativeSelect id={typeId} value={type} onChange={(e) => setType(e.target.value as ProjectType)}>
                <NativeOptions values={projectTypes} />
              </NativeSelect>
            </div>
            <Button variant={project ? "secondary" : "primary"} disabled={busy || projectsPending} onClick={() => startProject(!!project)}>
              {project ? "Start another project" : "Start Project"}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
