/**
 * "Call booked": a visitor booking a call on the site is news for the whole studio at once, in every
 * open CRM tab. The live event carries only the call's id, so the toast reads the upcoming calls
 * (the list the Calls page shows, refreshed by the same event) to say who and when.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@contract/live";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { callsQueryOptions } from "@/features/bookings/api/calls";

export function useCallToast(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (event: LiveEvent) => {
      // Booked by a visitor (nobody signed in); the studio's own changes to calls are not news.
      if (event.entity !== "calls" || event.op !== "create" || !event.id || event.by !== null) return;
      const id = event.id;
      void queryClient.fetchQuery({ ...callsQueryOptions("upcoming"), staleTime: 0 }).then(
        ({ calls }) => {
          const call = calls.find((c) => c.id === id);
          if (!call) return;
          toast.info("Call booked", {
            id: `call-booked:${id}`,
            description: `${call.name}${call.company ? ` (${call.company})` : ""} booked a call for ${formatDateTime(call.start_at)}.`,
            duration: 10_000,
            action: { label: "Open calls", onClick: () => void navigate("/crm/calls") },
          });
        },
        () => undefined,
      );
    },
    [queryClient, navigate],
  );
}
