/**
 * A yes/no confirmation (delete etc.). Controlled: pass open/onOpenChange; onConfirm may return a
 * promise: the confirm button shows a busy state until it settles, and the dialog closes on success.
 * Its code (Radix's dialog) loads the first time it opens: lists and boards that offer a delete
 * render one on every first load, and the first paint needs none of it.
 */
import { lazyDialog } from "./lazy-dialog";
import type { ConfirmDialogProps } from "./confirm-dialog-view";

export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() => import("./confirm-dialog-view").then((m) => m.ConfirmDialogView));
