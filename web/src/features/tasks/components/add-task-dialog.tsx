/** 'Add Task' from the top bar. */
import { TaskDialog } from "./task-dialog";

export function AddTaskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Mounted only while open so each opening starts from a blank form.
  return open ? <TaskDialog open onOpenChange={onOpenChange} /> : null;
}
