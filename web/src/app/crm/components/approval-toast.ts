/**
 * "Preview approved": a client approving their preview is news the whole studio wants at once, in
 * every open CRM tab (the approval also moved their project to Launch). Other live events only
 * refresh what is on screen.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@contract/live";
import { toast } from "@/lib/toast";

interface NamedRow {
  id: string;
  name: string;
}

/** The client's name if any cached client query (a list or a detail) holds it; the event carries only the id. */
function cachedClientName(queryClient: QueryClient, id: string): string | undefined {
  for (const [, data] of queryClient.getQueriesData<{ client?: NamedRow; clients?: NamedRow[] }>({ queryKey: ["clients"] })) {
    if (data?.client?.id === id) return data.client.name;
    const row = Array.isArray(data?.clients) ? data.clients.find((c) => c.id === id) : undefined;
    if (row) return row.name;
  }
  return undefined;
}

export function useApprovalToast(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (event: LiveEvent) => {
      if (event.entity !== "preview_approvals" || event.op !== "create" || !event.id) return;
      const id = event.id;
      const name = cachedClientName(queryClient, id);
      toast.success("Preview approved", {
        id: `preview-approved:${id}`,
        description: name ? `${name} approved their preview.` : "A client approved their preview.",
        duration: 10_000,
        action: { label: "Open client", onClick: () => void navigate(`/crm/clients/${id}`) },
      });
    },
    [queryClient, navigate],
  );
}
