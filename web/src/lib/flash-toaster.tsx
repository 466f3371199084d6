/** Loaded on demand (lazy-toast.tsx) when a public page first shows a toast, so sonner stays out of public pages until then. */
import { useEffect } from "react";
import type { Flash } from "./flash";
import { AppToaster, showFlash } from "./toast";

export function FlashToaster({ flash }: { flash: Flash }) {
  useEffect(() => showFlash(flash), [flash]);
  return <AppToaster />;
}
