/** A client's recurring invoices (retainers): the list with each next date, add, edit, and Pause/Resume, Skip next, End. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { RecurringAction, RecurringInvoice, RecurringInvoiceInput, RecurringInvoicePatch } from "@contract/recurring-invoice";
import { api, ok } from "@/lib/api";
import { toast } from "@/lib/toast";

export const recurringInvoiceKeys = {
  all: ["recurring-invoices"] as const,
  ofClient: (clientId: string) => [...recurringInvoiceKeys.all, "client", clientId] as const,
};

export const recurringInvoicesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: recurringInvoiceKeys.ofClient(clientId),
    queryFn: ({ signal }) => ok(api.crm["recurring-invoices"].$get({ query: { client_id: clientId } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the recurring invoices" },
  });

function useRefresh() {
  const queryClient = useQueryClient();
  // A raise shows on the client's invoices too.
  return () => queryClient.invalidateQueries({ queryKey: recurringInvoiceKeys.all });
}

export function useCreateRecurringInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: RecurringInvoiceInput) => ok(api.crm["recurring-invoices"].$post({ json: input })),
    onSuccess: refresh,
    meta: { errorTitle: "Failed to add the recurring invoice" },
  });
}

export function useUpdateRecurringInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: RecurringInvoicePatch }) =>
      ok(api.crm["recurring-invoices"][":id"].$patch({ param: { id }, json: patch })),
    onSuccess: refresh,
    meta: { errorTitle: "Failed to save the recurring invoice" },
  });
}


const actionToasts: Record<RecurringAction, (r: RecurringInvoice) => string> = {
  pause: (r) => `${r.title} paused`,
  resume: (r) => `${r.title} resumed`,
  skip: (r) => `${r.title}: next invoice skipped`,
  end: (r) => `${r.title} ended`,
};

export function useRecurringInvoiceAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ invoice, action }: { invoice: RecurringInvoice; action: RecurringAction }) =>
      ok(
        api.crm["recurring-invoices"][":id"][":action{pause|resume|skip|end}"].$post({
          param: { id: invoice.id, action },
          json: { updated_at: invoice.updated_at },
        }),
      ),
    onSuccess: async ({ recurring_invoice }, { action }) => {
      await refresh();
      toast.success(actionToasts[action](recurring_invoice));
    },
    meta: { errorTitle: "Failed to change the recurring invoice" },
  });
}
