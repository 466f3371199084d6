/** Unfiled mail (docs/decisions/0023-mail-that-files-itself.md): the list, and filing, making a lead of, or deleting a message. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MailFileInput } from "@contract/mail";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

export const unfiledMailQueryOptions = () =>
  queryOptions({
    queryKey: ["mail", "unfiled"] as const,
    queryFn: ({ signal }) => ok(api.crm.mail.unfiled.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch unfiled mail" },
  });

export function useFileMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MailFileInput }) => ok(api.crm.mail[":id"].file.$post({ param: { id }, json: input })),
    onSuccess: () => invalidateEntity(queryClient, ["mail", "activities"]),
    meta: { errorTitle: "Failed to file the e-mail" },
  });
}

export function useLeadFromMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, updated_at }: { id: string; updated_at: string }) =>
      ok(api.crm.mail[":id"].lead.$post({ param: { id }, json: { updated_at } })),
    onSuccess: () => invalidateEntity(queryClient, ["mail", "leads", "activities"]),
    meta: { errorTitle: "Failed to make a lead" },
  });
}

export function useDeleteMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.mail[":id"].$delete({ param: { id } })),
    onSuccess: () => invalidateEntity(queryClient, "mail"),
    meta: { errorTitle: "Failed to delete the e-mail" },
  });
}
