/** An invoice's payments: the list with what they leave, and recording one (Mark as paid). Keys start with "invoices", so live updates of invoices refresh them. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentInput } from "@contract/payment";
import { api, ok } from "@/lib/api";
import { invoiceKeys } from "./invoices";

export const paymentKeys = { of: (invoiceId: string) => [...invoiceKeys.all, "payments", invoiceId] as const };

export const invoicePaymentsQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: paymentKeys.of(invoiceId),
    queryFn: ({ signal }) => ok(api.crm.invoices[":id"].payments.$get({ param: { id: invoiceId } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch payments" },
  });

/** Records a payment, then answers the invoice as it now stands with what the payment left. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: PaymentInput }) => {
      const { money } = await ok(api.crm.invoices[":id"].payments.$post({ param: { id }, json: input }));
      const { invoice } = await ok(api.crm.invoices[":id"].$get({ param: { id } }));
      return { invoice, money };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorTitle: "Failed to record the payment" },
  });
}
