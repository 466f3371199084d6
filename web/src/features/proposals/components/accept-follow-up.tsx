/**
 * After 'Accept': the proposal_accepted follow-up, convert the lead to a client and create its
 * project. Accepting has already marked the lead Won (worker/modules/proposals/proposals.ts), so every
 * combination offered here is one the worker carries out: Create project alone makes the lead's
 * client as well when it has none.
 */
import { useState } from "react";
import type { Proposal } from "@contract/proposal";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { isApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useCreateProjectForClient, useLeadWorkflow } from "@/features/proposals/api/proposals";

export function AcceptFollowUpDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const workflow = useLeadWorkflow();
  const createProject = useCreateProjectForClient();
  const leadId = proposal.lead_id;
  const [convert, setConvert] = useState(true);
  const [project, setProject] = useState(true);
  const [busy, setBusy] = useState(false);
  const name = proposal.lead?.name ?? proposal.client?.name ?? proposal.title;
  const description = leadId
    ? `Proposal accepted for ${name}, so the lead is now marked Won. Recommended next steps:`
    : `Proposal accepted for ${name}. Recommended next steps:`;

  const run = async () => {
    setBusy(true);
    let done = 0;
    try {
      if (leadId) {
        if (convert) {
          // A lead that is already a client is skipped by the worker, and the project still follows.
          const converted = await workflow.mutateAsync({ leadId, action: "convert_to_client" });
          if (!converted.skipped) done++;
        }
        if (project) {
          // A lead that already has its project keeps that one (the worker says so, and starts no other).
          const started = await workflow.mutateAsync({ leadId, action: "start_project" });
          if (started.skipped) toast.info(started.skipped);
          else done++;
        }
      } else if (project && proposal.client_id) {
        await createProject.mutateAsync({ title: proposal.title, client_id: proposal.client_id, budget: proposal.value });
        done++;
      }
      if (done > 0) toast.success(`${done} action(s) completed successfully`);
      onClose();
    } catch (error) {
      toast.error(`Failed to execute workflow actions: ${isApiError(error) ? error.message : "An unexpected error occurred"}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogRoot open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Workflow Actions" description={description}>
        <div className="space-y-3">
          {leadId && (
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brick-600"
                checked={convert}
                onChange={(e) => setConvert(e.target.checked)}
              />
              <span>
                <span className="block font-medium">Convert to client</span>
                <span className="text-sm text-slate-600">Create a client from the lead and link it.</span>
              </span>
            </label>
          )}
          {(leadId || proposal.client_id) && (
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brick-600"
                checked={project}
                onChange={(e) => setProject(e.target.checked)}
              />
              <span>
                <span className="block font-medium">Create project</span>
                <span className="text-sm text-slate-600">
                  {leadId
                    ? "Start a project in Discovery, On Track, with a client made for the lead if it has none."
                    : "Start a project in Discovery, On Track."}
                </span>
              </span>
            </label>
          )}
          {!leadId && !proposal.client_id && (
            <p className="text-sm text-slate-600">This proposal has no lead or client, so there is nothing to follow up.</p>
          )}
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Skip</Button>
          </DialogClose>
          <Button onClick={() => void run()} disabled={busy || (!convert && !project)}>
            {busy ? "Running..." : "Run Actions"}
          </Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
