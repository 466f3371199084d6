/** Clients and their preview access: query options and mutations. Keys start with "clients" (live updates). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClientInput, ClientPatch } from "@contract/client";
import type { PreviewLinkInput } from "@contract/preview";
import { api, ok } from "@/lib/api";
import { toast } from "@/lib/toast";

export const clientKeys = {
  all: ["clients"] as const,
  list: () => [...clientKeys.all, "list"] as const,
  detail: (id: string) => [...clientKeys.all, "detail", id] as const,
  preview: (id: string) => [...clientKeys.all, "preview", id] as const,
  log: (id: string) => [...clientKeys.all, "preview-log", id] as const,
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
