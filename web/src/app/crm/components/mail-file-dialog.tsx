/** Unfiled mail's File e-mail dialog: a message filed on a lead or client found by name, as Log Activity's picker finds it. */
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import type { ActivityInput } from "@contract/activity";
import type { MailMessage, MailTarget } from "@contract/mail";
import { Button } from "@/components/ui/button";
import { DialogContent, DialogRoot } from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { RelatedRecordPicker } from "@/features/activity/components/related-record-picker";
import { useFileMail } from "@/features/mail/api/mail";

export function FileDialog({ open, message, onClose }: { open: boolean; message: MailMessage; onClose: () => void }) {
  const [target, setTarget] = useState<MailTarget>("lead");
  const form = useForm<ActivityInput>({ defaultValues: { summary: message.subject, related_type: "lead", related_id: null } });
  const file = useFileMail();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = form.getValues("related_id");
    if (!id) return form.setError("related_id", { message: "Choose the record to file it on" });
    file.mutate(
      { id: message.id, input: { related_type: target, related_id: id, updated_at: message.updated_at } },
      {
        onSuccess: ({ message: filed }) => {
          toast.success(`E-mail filed on ${filed.related_name ?? `the ${target}`}`);
          onClose();
        },
        onError: (err) => {
          const field = (err as { fields?: Record<string, string> }).fields?.related_id;
          if (field) form.setError("related_id", { message: field });
        },
      },
    );
  };
  return (
    <DialogRoot open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="File e-mail" description={message.subject || "(no subject)"}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium">File it on a</legend>
            <div className="mt-1 flex gap-4">
              {(["lead", "client"] as const).map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="target"
                    value={t}
                    checked={target === t}
                    onChange={() => {
                      setTarget(t);
                      form.setValue("related_type", t);
                      form.setValue("related_id", null);
                    }}
                  />
                  {t === "lead" ? "Lead" : "Client"}
                </label>
              ))}
            </div>
          </fieldset>
          <RelatedRecordPicker key={target} control={form.control} type={target} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={file.isPending}>
              {file.isPending ? "Filing..." : "File e-mail"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
