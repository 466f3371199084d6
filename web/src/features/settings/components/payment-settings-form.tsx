/** How clients can pay online (Owner edits; Sales reads): the methods the invoice page's Pay button offers through Stripe. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { onlineMethodLabels, onlineMethods, type OnlineMethod } from "@contract/payment-values";
import { Button } from "@/components/ui/button";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { paymentSettingsQueryOptions, useSavePaymentSettings } from "@/features/settings/api/payment-settings";

function Form({ methods, updatedAt, readOnly }: { methods: OnlineMethod[]; updatedAt: string | null; readOnly: boolean }) {
  const save = useSavePaymentSettings();
  const [chosen, setChosen] = useState<OnlineMethod[]>(methods);
  const toggle = (m: OnlineMethod, on: boolean) => setChosen((list) => (on ? [...list, m] : list.filter((x) => x !== m)));
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ methods: chosen, updated_at: updatedAt });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Ways to pay online</legend>
        {onlineMethods.map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(m)} disabled={readOnly} onChange={(e) => toggle(m, e.target.checked)} />
            {onlineMethodLabels[m]}
          </label>
        ))}
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={save.isPending || chosen.length === 0}>
          {save.isPending ? "Saving..." : "Save Payment Settings"}
        </Button>
      )}
    </form>
  );
}

export function PaymentSettingsForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(paymentSettingsQueryOptions());
  return (
    <SettingsPanel
      id="payment-settings"
      title="Payments"
      intro={
        data?.stripe === false
          ? "Stripe is not set up, so clients pay by bank transfer. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to offer Pay now on invoices."
          : "The invoice page's Pay now button offers these through Stripe, with no card surcharge. Pay by Bank appears where your Stripe account has it."
      }
      isOwner={isOwner}
      skeletonClass="h-24"
    >
      {data ? (
        <Form key={data.updated_at ?? "new"} methods={data.settings.methods} updatedAt={data.updated_at} readOnly={!isOwner} />
      ) : null}
    </SettingsPanel>
  );
}
