/** Settings: studio details, export/import, delete-all and backups. Keys start with "settings". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { StageWeightsInput, StudioSettingsInput } from "@contract/settings";
import type { ExportDocument } from "@contract/export";
import type { XeroSettingsInput } from "@contract/xero";
import type { LatePaymentSettingsInput } from "@contract/late-payment-settings";
import type { PaymentReminderSettingsInput } from "@contract/payment-reminders";
import { api, ApiError, isApiError, ok } from "@/lib/api";
import { showSaved } from "@/lib/query-client";
import { toast } from "@/lib/toast";

export const settingsKeys = {
  all: ["settings"] as const,
  studio: () => ["settings", "studio"] as const,
  backups: () => ["settings", "backups"] as const,
  stageWeights: () => ["settings", "stage-weights"] as const,
  xero: () => ["settings", "xero"] as const,
  latePayment: () => ["settings", "late-payment"] as const,
  reminders: () => ["settings", "reminders"] as const,
};

export const paymentReminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.reminders(),
    queryFn: ({ signal }) => ok(api.crm.settings.reminders.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the payment reminder settings" },
  });

export function useSavePaymentReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentReminderSettingsInput) => ok(api.crm.settings.reminders.$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, settingsKeys.reminders(), saved);
      toast.success("Payment reminder settings saved");
    },
    meta: { errorTitle: "Failed to save the payment reminder settings" },
  });
}

export const latePaymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.latePayment(),
    queryFn: ({ signal }) => ok(api.crm.settings["late-payment"].$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the late-payment settings" },
  });

export function useSaveLatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LatePaymentSettingsInput) => ok(api.crm.settings["late-payment"].$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, settingsKeys.latePayment(), saved);
      toast.success("Late-payment settings saved");
    },
    meta: { errorTitle: "Failed to save the late-payment settings" },
  });
}

export { studioSettingsQueryOptions as studioQueryOptions } from "@/lib/studio-settings";
export const stageWeightsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.stageWeights(),
    queryFn: ({ signal }) => ok(api.crm.settings["stage-weights"].$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the stage weights" },
  });

export function useSaveStageWeights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StageWeightsInput) => ok(api.crm.settings["stage-weights"].$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, settingsKeys.stageWeights(), saved);
      // The dashboard's forecast ("dashboard": features/dashboard's key).
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      toast.success("Stage weights saved");
    },
    meta: { errorTitle: "Failed to save the stage weights" },
  });
}

export const xeroSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.xero(),
    queryFn: ({ signal }) => ok(api.crm.settings.xero.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the Xero export settings" },
  });

export function useSaveXeroSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: XeroSettingsInput) => ok(api.crm.settings.xero.$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, settingsKeys.xero(), saved);
      toast.success("Xero export settings saved");
    },
    meta: { errorTitle: "Failed to save the Xero export settings" },
  });
}

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.backups(),
    queryFn: ({ signal }) => ok(api.crm.backups.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch backups" },
  });

export function useSaveStudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudioSettingsInput) => ok(api.crm.settings.$put({ json: input })),
    // Toast here: the form remounts on the new version, which drops per-call callbacks.
    onSuccess: async (saved) => {
      await showSaved(queryClient, settingsKeys.studio(), saved);
      toast.success("Studio details saved");
    },
    meta: { errorTitle: "Failed to save studio details" },
  });
}

/** Tries before an export that keeps being cut short is reported. */
const EXPORT_ATTEMPTS = 3;

/**
 * The CRM as one document. The worker writes it as it reads it (a stream, so its type is not
 * inferred: it is the contract's) and ends it unfinished if a row it began with changed meanwhile,
 * rather than send a file that mixes two moments (worker/modules/data/data-routes.ts). A colleague's edit is
 * enough, so an export cut short is simply read again (each try is in the audit trail).
 */
async function readExport(format: "json" | "csv"): Promise<ExportDocument> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await ok(api.crm.export.$get({ query: { format } }))) as unknown as ExportDocument;
    } catch (error) {
      // Refused or unreachable: the worker's answer says why, and trying again would not help.
      if (isApiError(error)) throw error;
      if (attempt === EXPORT_ATTEMPTS)
        throw new ApiError({
          code: "conflict",
          status: 409,
          message: "The CRM kept changing while it was being exported. Please try again in a moment.",
        });
    }
  }
}

export function useExport() {
  const queryClient = useQueryClient();
  return useMutation({
    // The worker writes the document as it reads it (a stream), so its type is not inferred: it is the contract's.
    mutationFn: readExport,
    // The audit trail on the same page lists the export at once ("users", "audit": features/audit's key).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users", "audit"] }),
    meta: { errorTitle: "Export failed" },
  });
}

/** Everything changes after import, delete-all or restore: refetch every CRM query. */
function useRefetchAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "auth" });
}

export function useImport() {
  const refetchAll = useRefetchAll();
  return useMutation({
    // The file goes as it is: the worker reads and checks it a row at a time, whatever its size.
    mutationFn: (file: File) => ok(api.crm.import.$post({}, { init: { body: file, headers: { "Content-Type": "application/json" } } })),
    onSuccess: refetchAll,
    // The panel shows the server's problem list beside the file input.
    meta: { errorTitle: false },
  });
}

export function useDeleteAll() {
  const refetchAll = useRefetchAll();
  return useMutation({
    mutationFn: () => ok(api.crm["delete-all"].$post({ json: { confirm: "DELETE ALL" } })),
    onSuccess: refetchAll,
    meta: { errorTitle: "Failed to delete some data. Please try again." },
  });
}

export function useRestoreBackup() {
  const refetchAll = useRefetchAll();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.backups[":id"].restore.$post({ param: { id } })),
    onSuccess: refetchAll,
    meta: { errorTitle: "Failed to restore backup" },
  });
}
