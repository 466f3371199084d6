/**
 * Workflow Actions (docs/spec.md §4): after a lead changes stage, or a proposal is accepted, offer the
 * recommended next steps. Each ticked action is its own server call, run in order.
 *
 * Reuse (e.g. the Proposals screen after Accept):
 *   <WorkflowActionsDialog open={open} onOpenChange={setOpen}
 *     trigger={{ type: "proposal_accepted" }} lead={{ id: proposal.lead_id, name: leadName }} />
 * `trigger` is one of { type: "status_change", from?, to } | { type: "proposal_accepted" } | { type: "manual" }.
 */
import { relatedHref } from "@/lib/related-href";
import { Fragment, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import type { LeadStatus, WorkflowAction } from "@contract/lead";
import { projectTypes } from "@contract/project";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { isApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { leadProjectsQueryOptions, useLeadAction, type ProjectType } from "@/features/leads/api/leads";

export type WorkflowTrigger =
  { type: "status_change"; from?: LeadStatus; to: LeadStatus } | { type: "proposal_accepted" } | { type: "manual" };

type OfferedAction = Exclude<WorkflowAction, "won_to_project">;

const labels: Record<OfferedAction, { title: string; detail: string }> = {
  follow_up_task: { title: "Create follow-up task", detail: "A High priority task assigned to you." },
  proposal: { title: "Create proposal", detail: "A Draft proposal for this lead." },
  convert_to_client: { title: "Convert to client", detail: "Creates a client and marks the lead Won." },
  start_project: { title: "Create project", detail: "A project in Discovery, linked to the client." },
};

type Created = { entity: "tasks" | "proposals" | "clients" | "projects"; id: string };

/** Where each thing an action made is found: its own page or dialog where it has one, else its list. */
const createdLink: Record<Created["entity"], { words: string; href: (id: string) => string }> = {
  clients: { words: "the client", href: (id) => relatedHref("client", id, "") },
  projects: { words: "the project", href: (id) => relatedHref("project", id, "") },
  tasks: { words: "the follow-up task", href: () => "/crm/tasks" },
  proposals: { words: "the proposal", href: () => "/crm/proposals" },
};

/** "Created the client and the project.", each a link, under the spec's toast. */
function CreatedLinks({ created }: { created: Created[] }) {
  return (
    <>
      Created{" "}
      {created.map((c, i) => (
        <Fragment key={c.id}>
          {i > 0 && (i === created.length - 1 ? " and " : ", ")}
          <Link to={createdLink[c.entity].href(c.id)} className="font-medium underline">
            {createdLink[c.entity].words}
          </Link>
        </Fragment>
      ))}
      .
    </>
  );
}

/** The recommended actions for a trigger (docs/spec.md §4). */
export function recommendedActions(trigger: WorkflowTrigger): OfferedAction[] {
  if (trigger.type === "proposal_accepted") return ["convert_to_client", "start_project"];
  if (trigger.type === "status_change") {
    if (trigger.to === "Qualified") return ["follow_up_task"];
    if (trigger.to === "Proposal Sent") return ["proposal"];
    if (trigger.to === "Won") return ["convert_to_client", "start_project"];
  }
  return ["follow_up_task"];
}

function describe(trigger: WorkflowTrigger, name: string) {
  if (trigger.type === "proposal_accepted") return `The proposal for ${name} was accepted. Choose what happens next.`;
  if (trigger.type === "status_change") return `${name} moved to ${trigger.to}. Choose the follow-up actions to run.`;
  return `Choose actions to run for ${name}.`;
}

export interface WorkflowActionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: WorkflowTrigger;
  lead: { id: string; name: string } | null;
  /** Called after the chosen actions ran (with how many succeeded). */
  onDone?: (completed: number) => void;
}

export function WorkflowActionsDialog({ open, onOpenChange, trigger, lead, onDone }: WorkflowActionsDialogProps) {
  const suggested = recommendedActions(trigger);
  // A won deal has one project: a drop on Won has just made it, so Create project is not offered again.
  const { data: leadProjects } = useQuery({
    ...leadProjectsQueryOptions(lead?.id ?? ""),
    enabled: open && !!lead && suggested.includes("start_project"),
  });
  const existing = leadProjects?.[0];
  const recommended = existing ? suggested.filter((a) => a !== "start_project") : suggested;
  const [chosen, setChosen] = useState<OfferedAction[]>(recommended);
  const [projectType, setProjectType] = useState<ProjectType>("Web Design");
  const [running, setRunning] = useState(false);
  const action = useLeadAction();
  const typeId = useId();
  const key = recommended.join(",");

  // Each opening starts from the recommendations (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState({ open, key });
  if (seen.open !== open || seen.key !== key) {
    setSeen({ open, key });
    if (open) setChosen(recommended);
  }

  if (!lead) return null;

  const run = async () => {
    setRunning(true);
    let done = 0;
    let step: OfferedAction | null = null;
    const created: Created[] = [];
    try {
      for (const a of chosen) {
        step = a;
        const result = await action.mutateAsync({ id: lead.id, action: a, project_type: a === "start_project" ? projectType : undefined });
        // A conversion of a lead that is already a client did nothing, and the next action goes on.
        if (!result.skipped) done++;
        created.push(...result.created);
      }
      // The spec's words, then what was made, each a link to it.
      toast.success(`${done} action(s) completed successfully`, {
        description: created.length > 0 ? <CreatedLinks created={created} /> : undefined,
      });
      onOpenChange(false);
    } catch (error) {
      const message = isApiError(error) ? error.message : "An unexpected error occurred";
      // docs/spec.md §8 words a failed follow-up task on its own.
      toast.error(step === "follow_up_task" ? `Task creation failed: ${message}` : `Failed to execute workflow actions: ${message}`);
    } finally {
      setRunning(false);
      onDone?.(done);
    }
  };

  return (
    <DialogRoot open={open} onOpenChange={(o) => !running && onOpenChange(o)}>
      <DialogContent title="Workflow Actions" description={describe(trigger, lead.name)}>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">Recommended actions</legend>
          {recommended.map((a) => (
            <label key={a} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brick-600"
                checked={chosen.includes(a)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, a] : c.filter((x) => x !== a)))}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{labels[a].title}</span>
                <span className="block text-xs text-slate-600">{labels[a].detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {existing && (
          <p className="mt-3 text-sm text-slate-600">
            Its project, <span className="font-medium text-slate-900">{existing.title}</span>, is already on the Projects board.
          </p>
        )}
        {chosen.includes("start_project") && (
          <div className="mt-4 space-y-1.5">
            <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
              Project type
            </label>
            <NativeSelect id={typeId} value={projectType} onChange={(e) => setProjectType(e.target.value as ProjectType)}>
              <NativeOptions values={projectTypes} />
            </NativeSelect>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={running}>
              Skip
            </Button>
          </DialogClose>
          <Button onClick={run} disabled={running || chosen.length === 0}>
            {running ? "Running..." : `Run ${chosen.length} action${chosen.length === 1 ? "" : "s"}`}
          </Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
