/** Invoices: list, one invoice (print page), CRUD, and the options the form needs. Keys start with "invoices". Sharing is lib/share-links.ts. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InvoiceInput, InvoicePatch } from "@contract/invoice";
import { api, ok } from "@/lib/api";

export const invoiceKeys = {
  all: ["invoices"] as const,
  list: () => [...invoiceKeys.all, "list"] as const,
  detail: (id: string) => [...invoiceKeys.all, "detail", id] as const,
};

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: invoiceKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.invoices.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch invoices" },
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => ok(api.crm.invoices[":id"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: false },
    retry: false,
  });

/** One credit note, for its printable page. */
export const creditNoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, "credit-note", id] as const,
    queryFn: ({ signal }) => ok(api.crm["credit-notes"][":id"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: false },
    retry: false,
  });

export const invoiceClientOptions = () =>
  queryOptions({
    queryKey: ["clients", "options"] as const,
    queryFn: ({ signal }) => ok(api.crm.clients.options.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch clients" },
    staleTime: 60_000,
  });

/** The number the invoice series gives next (docs/decisions/0063): what Add Invoice suggests. */
export const nextInvoiceNumberQueryOptions = () =>
  queryOptions({
    queryKey: [...invoiceKeys.all, "next-number"] as const,
    queryFn: ({ signal }) => ok(api.crm.invoices["next-number"].$get({}, { init: { signal } })),
    meta: { errorTitle: false },
    staleTime: 0,
  });

/** A proposal an invoice is made from (Create invoice from proposal): its lines, client and project. */
export const proposalForInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["proposals", "detail", id] as const,
    queryFn: ({ signal }) => ok(api.crm.proposals[":id"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the proposal" },
    enabled: id !== "",
  });

/** A project's client, when an invoice is made for the project. */
export const projectForInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["projects", "detail", id] as const,
    queryFn: ({ signal }) => ok(api.crm.projects[":id"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: false },
    enabled: id !== "",
  });

/** Studio details for the printed invoice and the dialog's payment terms. */
export { studioSettingsQueryOptions } from "@/lib/studio-settings";

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceInput) => ok(api.crm.invoices.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorTitle: "Failed to add invoice" },
  });
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: InvoicePatch }) => ok(api.crm.invoices[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorTitle: "Failed to update invoice" },
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.invoices[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorTitle: "Failed to delete invoice" },
  });
}

/** What charging an overdue invoice for paying late would raise, or why it cannot be. */
export const latePaymentQuoteOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoiceKeys.detail(id), "late-payment-charge"] as const,
    queryFn: ({ signal }) => ok(api.crm.invoices[":id"]["late-payment-charge"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to work out the late-payment charge" },
  });

export function useRaiseLatePaymentCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      ok(api.crm.invoices[":id"]["late-payment-charge"].$post({ param: { id }, json: { number } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorTitle: "Failed to raise the late-payment charge" },
  });
}
