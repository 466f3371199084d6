/** 'Add Task' from the top bar, or prefilled by another screen (a task from a client's comment). */
import { TaskDialog, type TaskDraft } from "./task-dialog";

export type { TaskDraft };

export function AddTaskDialog({ open, onOpenChange, draft }: { open: boolean; onOpenChange: (open: boolean) => void; draft?: TaskDraft }) {
  // Mounted only while open so each opening starts from a blank (or freshly drafted) form.
  return open ? <TaskDialog open onOpenChange={onOpenChange} draft={draft} /> : null;
}
