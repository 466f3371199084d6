/** The 'Log Activity' dialog of the activity feed: its form (react-hook-form, zod) loads when first opened. */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { activityInput, activityTypeLabels, loggableActivityTypes, type ActivityInput } from "@contract/activity";
import { relatedTypeLabels, relatedTypes } from "@contract/task";
import { isPerson } from "@contract/user";
import { NativeOptions } from "@/components/ui/select-native";
import { FormDialog } from "@/components/ui/form-dialog";
import { OptionsField, TextareaField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { activityUsersQueryOptions, useLogActivity } from "@/features/activity/api/activities";
import { RelatedRecordPicker } from "./related-record-picker";

export function LogActivityDialog({
  open,
  onOpenChange,
  userId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}) {
  const log = useLogActivity();
  const users = useQuery({ ...activityUsersQueryOptions(), enabled: open });
  // 'Who' offers people only: the shared team account is a gate, not someone who made a call.
  const people = users.data?.users.filter((u) => isPerson(u) && (!u.disabled || u.id === userId));
  const signedInAsPerson = !users.data || people?.some((u) => u.id === userId);
  const empty: ActivityInput = { who_username: userId, type: "Note", summary: "", related_type: null, related_id: null };
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: activityInput,
    defaultValues: empty,
    fields: ["who_username", "type", "summary", "related_type", "related_id"],
    create: (values) => log.mutateAsync(values),
    toasts: { created: "Activity logged successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue } = form;
  const relatedType = useWatch({ control, name: "related_type" });
  // Signed in through the team gate: nobody is preselected (left empty, the entry is the shared account's).
  const teamSignedIn = !signedInAsPerson;
  useEffect(() => {
    if (teamSignedIn) setValue("who_username", "");
  }, [teamSignedIn, setValue]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log Activity"
      description="A call, e-mail, meeting or note for the team's record."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Log Activity"
      busyLabel="Logging..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionsField control={control} name="type" label="Type" values={loggableActivityTypes} labels={activityTypeLabels} />
        {/* The users may arrive after the form mounts. */}
        <SelectField control={control} name="who_username" label="Who">
          {!signedInAsPerson && <option value="">Choose who</option>}
          {people?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          )) ?? <option value={userId}>Me</option>}
        </SelectField>
        <SelectField
          control={control}
          name="related_type"
          label="Related Type"
          onValueChange={(v) => {
            setValue("related_id", null);
            if (!v) setValue("related_type", null);
          }}
        >
          <option value="">None</option>
          <NativeOptions values={relatedTypes} labels={relatedTypeLabels} />
        </SelectField>
      </div>
      <RelatedRecordPicker key={relatedType ?? ""} control={control} type={relatedType} />
      <TextareaField control={control} name="summary" label="Summary" required />
    </FormDialog>
  );
}
