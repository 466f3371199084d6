/** 'Offline, reconnecting…' while the live channel is down, so nobody trusts a stale board. */
import { WifiOff } from "lucide-react";
import { useLive } from "@/lib/live";

export function LiveStatusNotice() {
  const { status, events } = useLive();
  return (
    <div
      role="status"
      data-live-status={status}
      data-live-events={events}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {status === "reconnecting" && (
        <p className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
          <WifiOff className="size-4" aria-hidden="true" />
          Offline, reconnecting…
        </p>
      )}
    </div>
  );
}
