/** Clients and their preview access: query options and mutations. Keys start with "clients" (live updates). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoggableActivityType } from "@contract/activity-values";
import type { ClientInput, ClientPatch } from "@contract/client";
import type { PreviewLinkInput } from "@contract/preview";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";
import { toast } from "@/lib/toast";

export const clientKeys = {
  all: ["clients"] as const,
  list: () => [...clientKeys.all, "list"] as const,
  detail: (id: string) => [...clientKeys.all, "detail", id] as const,
  preview: (id: string) => [...clientKeys.all, "preview", id] as const,
  log: (id: string) => [...clientKeys.all, "preview-log", id] as const,
  activities: (id: string) => [...clientKeys.all, "activities", id] as const,
};

export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: clientKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.clients.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch clients" },
  });

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => ok(api.crm.clients[":id"].$get({ param: { id } }, { init: { signal } })),
    // 'Client not found' is shown on the page itself.
    meta: { errorTitle: false },
    retry: false,
  });

/** The client's Activity section: the feed's entries for it and its records, and its converted leads' history. */
export const clientActivitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.activities(id),
    queryFn: ({ signal }) => ok(api.crm.clients[":id"].activities.$get({ param: { id } }, { init: { signal } })),
    // The section says so itself.
    meta: { errorTitle: false },
  });

/** Logs a call, e-mail, meeting or note on the client, as the signed-in person. */
export function useLogClientActivity(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, summary }: { type: LoggableActivityType; summary: string }) =>
      ok(api.crm.activities.$post({ json: { type, summary, related_type: "client", related_id: clientId, who_username: null } })),
    onSuccess: () => invalidateEntity(queryClient, "activities"),
    meta: { errorTitle: "Failed to add activity" },
  });
}

export const clientPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.preview(id),
    queryFn: ({ signal }) => ok(api.crm.clients[":id"].preview.$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch client data" },
  });

export const clientPreviewLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.log(id),
    queryFn: ({ signal }) => ok(api.crm.clients[":id"].preview.log.$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch client data" },
  });

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (input: ClientInput) => ok(api.crm.clients.$post({ json: input })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to add client" },
  });
}

export function useUpdateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ClientPatch }) => ok(api.crm.clients[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to update client" },
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.clients[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.list() }),
    meta: { errorTitle: "Failed to delete client" },
  });
}

export function useLinkPreview(id: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (input: PreviewLinkInput) => ok(api.crm.clients[":id"].preview.$put({ param: { id }, json: input })),
    // Toast here: the form remounts on the new version, which drops per-call callbacks.
    onSuccess: () => {
      toast.success("Preview settings saved");
      return invalidate();
    },
    meta: { errorTitle: "Failed to update client" },
  });
}

export function useUnlinkPreview(id: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: () => ok(api.crm.clients[":id"].preview.$delete({ param: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to update client" },
  });
}

export function useIssueCode(id: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: () => ok(api.crm.clients[":id"].preview.code.$post({ param: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to generate access code" },
  });
}

export function useSetRevoked(id: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (revoked: boolean) =>
      ok(
        revoked
          ? api.crm.clients[":id"].preview.revoke.$post({ param: { id } })
          : api.crm.clients[":id"].preview.restore.$post({ param: { id } }),
      ),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to update preview access" },
  });
}
