/**
 * "Proposal accepted", "Proposal declined", "New question": a client answering on their proposal's
 * page is news for the whole studio at once, in every open CRM tab (docs/decisions/0021-clients-answer-proposals.md). The live event
 * carries only the proposal's id, so the toast reads the proposal (and, for a question, its newest
 * message) to say who and what.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@contract/live";
import { relatedHref } from "@contract/related-href";
import { api, ok } from "@/lib/api";
import { toast } from "@/lib/toast";

export function useProposalToast(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (event: LiveEvent) => {
      // A reply from the studio (someone signed in) is not news from a client.
      if (event.op !== "create" || !event.id || event.by !== null) return;
      if (event.entity !== "proposal_responses" && event.entity !== "proposal_messages") return;
      const id = event.id;
      const proposal = queryClient.fetchQuery({
        queryKey: ["proposals", "detail", id],
        queryFn: () => ok(api.crm.proposals[":id"].$get({ param: { id } })),
        staleTime: 0,
      });
      const open = (title: string) => ({ label: "Open proposal", onClick: () => void navigate(relatedHref("proposal", id, title)) });
      if (event.entity === "proposal_responses") {
        void proposal.then(
          ({ proposal: p }) => {
            if (!p.response) return;
            const accepted = p.response.kind === "accepted";
            toast[accepted ? "success" : "info"](accepted ? "Proposal accepted" : "Proposal declined", {
              id: `proposal-answered:${id}`,
              description: `${p.response.full_name} ${accepted ? "accepted" : "declined"} "${p.title}".`,
              duration: 10_000,
              action: open(p.title),
            });
          },
          () => undefined,
        );
        return;
      }
      void Promise.all([proposal, ok(api.crm.proposals[":id"].messages.$get({ param: { id } }))]).then(
        ([{ proposal: p }, { messages }]) => {
          const last = messages.at(-1);
          if (!last || last.author !== "client") return;
          toast.info("New question", {
            id: `proposal-question:${last.id}`,
            description: `${last.author_name} asked about "${p.title}".`,
            duration: 10_000,
            action: open(p.title),
          });
        },
        () => undefined,
      );
    },
    [queryClient, navigate],
  );
}
