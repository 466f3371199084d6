/** Settings → Payments: which ways to pay the client's Pay button offers through Stripe. Keys start with "settings". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OnlineMethod } from "@contract/payment-values";
import { api, ok } from "@/lib/api";
import { showSaved } from "@/lib/query-client";
import { toast } from "@/lib/toast";

const key = ["settings", "payments"] as const;

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => ok(api.crm.settings.payments.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the payment settings" },
  });

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { methods: OnlineMethod[]; updated_at: string | null }) => ok(api.crm.settings.payments.$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, key, saved);
      toast.success("Payment settings saved");
    },
    meta: { errorTitle: "Failed to save the payment settings" },
  });
}
