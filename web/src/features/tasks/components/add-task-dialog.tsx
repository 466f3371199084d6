/** 'Add Task' from the top bar. A placeholder until the Tasks feature brings its form. */
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";

export function AddTaskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add New Task" description="Task creation is coming with the Tasks page.">
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
