/** Loaded on demand by the public layout when a flash arrives, so sonner stays out of the home chunk. */
import { useEffect } from "react";
import type { Flash } from "../lib/flash";
import { AppToaster, showFlash } from "../lib/toast";

export function FlashToaster({ flash }: { flash: Flash }) {
  useEffect(() => showFlash(flash), [flash]);
  return <AppToaster />;
}
