/** Settings → Bookings: who takes calls, when, and where. Keys start with "settings". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingSettingsInput } from "@contract/booking-settings";
import { api, ok } from "@/lib/api";
import { showSaved } from "@/lib/query-client";
import { toast } from "@/lib/toast";

const key = ["settings", "bookings"] as const;

export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => ok(api.crm.settings.bookings.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the booking settings" },
  });

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingSettingsInput) => ok(api.crm.settings.bookings.$put({ json: input })),
    onSuccess: async (saved) => {
      await showSaved(queryClient, key, saved);
      toast.success("Booking settings saved");
    },
    meta: { errorTitle: "Failed to save the booking settings" },
  });
}
