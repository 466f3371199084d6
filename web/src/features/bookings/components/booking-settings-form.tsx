/**
 * Settings → Bookings (Owner edits; Sales reads): who takes the calls booked on the site, the
 * weekly hours in London time, the length, buffer, notice, horizon and the day's cap, the days
 * without calls, and the links the visitor and the host are given.
 */
import { useQuery } from "@tanstack/react-query";
import { Controller, useFieldArray, useForm, type Control, type UseFormRegister } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { CALL_LENGTHS, type BookingSettings, type BookingSettingsInput, type HostCalendarStatus } from "@contract/booking-settings";
import { weekdays, type Weekday } from "@contract/booking-slots";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { TextField, WholeNumberField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { NativeSelect } from "@/components/ui/select-native";
import { Textarea } from "@/components/ui/textarea";
import { rowErrors } from "@/components/ui/row-errors";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { applyFieldErrors } from "@/lib/form-errors";
import { bookingSettingsQueryOptions, useSaveBookingSettings } from "@/features/bookings/api/booking-settings";

const validation = lazyZodResolver<BookingSettingsInput>(() => import("@contract/booking-settings").then((m) => m.bookingSettingsInput));

const dayNames: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** The people who can take calls: active staff, not the shared team account. */
export interface CallHost {
  id: string;
  full_name: string;
}

function DayHours({
  day,
  control,
  register,
  readOnly,
  error,
}: {
  day: Weekday;
  control: Control<BookingSettingsInput>;
  register: UseFormRegister<BookingSettingsInput>;
  readOnly: boolean;
  error: (i: number | null, key?: "start" | "end") => string | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `hours.${day}` });
  const dayError = error(null);
  return (
    <div role="group" aria-label={dayNames[day]} className="rounded-lg border border-slate-200 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">{dayNames[day]}</span>
        {fields.length === 0 && <span className="text-xs text-slate-500">No calls</span>}
        {!readOnly && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Add hours on ${dayNames[day]}`}
            onClick={() => append(fields.length ? { start: "14:00", end: "17:00" } : { start: "09:30", end: "17:00" })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add hours
          </Button>
        )}
      </div>
      {fields.map((row, i) => {
        const errorId = `booking-${day}-${row.id}-error`;
        const { invalid, message } = rowErrors(errorId, ["start", "end"] as const, (key) => error(i, key));
        return (
          <div key={row.id} className="mt-2">
            <div className="flex flex-wrap items-end gap-2">
              <label className="text-xs text-slate-600">
                From
                <input
                  type="time"
                  {...register(`hours.${day}.${i}.start`)}
                  {...invalid("start")}
                  readOnly={readOnly}
                  className={cn(inputClass, "mt-1 h-9")}
                />
              </label>
              <label className="text-xs text-slate-600">
                To
                <input
                  type="time"
                  {...register(`hours.${day}.${i}.end`)}
                  {...invalid("end")}
                  readOnly={readOnly}
                  className={cn(inputClass, "mt-1 h-9")}
                />
              </label>
              {!readOnly && (
                <Button variant="ghost" size="sm" aria-label={`Remove ${dayNames[day]} hours ${i + 1}`} onClick={() => remove(i)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </div>
            {message}
          </div>
        );
      })}
      {dayError && <p className="mt-1 text-sm text-red-700">{dayError}</p>}
    </div>
  );
}

function Form({
  view,
  updatedAt,
  hosts,
  readOnly,
}: {
  view: { settings: BookingSettings; calendar_connected: boolean; calendar: HostCalendarStatus | null };
  updatedAt: string | null;
  hosts: CallHost[];
  readOnly: boolean;
}) {
  const save = useSaveBookingSettings();
  const { control, register, handleSubmit, setError, formState } = useForm({
    resolver: validation.resolver,
    defaultValues: { ...view.settings, updated_at: updatedAt } satisfies BookingSettingsInput,
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (e) =>
        applyFieldErrors(e, setError, [
          "host_id",
          "call_minutes",
          "buffer_minutes",
          "notice_hours",
          "horizon_days",
          "max_per_day",
          "closed_dates",
          "meeting_link",
          "calendar_url",
          "outside_scheduler_url",
        ]),
    }),
  );
  const hoursErrors = formState.errors.hours;
  const callLength = register("call_minutes", { setValueAs: Number });
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <SelectField control={control} name="host_id" label="Who takes the calls" disabled={readOnly}>
        <option value="">Nobody yet: calls cannot be booked</option>
        {hosts.map((h) => (
          <option key={h.id} value={h.id}>
            {h.full_name}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Weekly hours (London time)</legend>
        {weekdays.map((day) => (
          <DayHours
            key={day}
            day={day}
            control={control}
            register={register}
            readOnly={readOnly}
            error={(i, key) => {
              const d = hoursErrors?.[day];
              if (i === null) return d?.root?.message ?? d?.message;
              return key ? d?.[i]?.[key]?.message : undefined;
            }}
          />
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Call length" error={formState.errors.call_minutes?.message}>
          {(p) => (
            <NativeSelect {...p} {...callLength} disabled={readOnly}>
              {CALL_LENGTHS.map((n) => (
                <option key={n} value={n}>
                  {n} minutes
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <WholeNumberField control={control} name="buffer_minutes" label="Buffer between calls (minutes)" min={0} max={120} />
        <WholeNumberField control={control} name="notice_hours" label="Minimum notice (hours)" min={0} max={336} />
        <WholeNumberField control={control} name="horizon_days" label="How far ahead (days)" min={1} max={90} />
        <WholeNumberField control={control} name="max_per_day" label="Calls a day, at most" hint="Empty for no limit" min={1} max={20} />
      </div>
      <Controller
        control={control}
        name="closed_dates"
        render={({ field, fieldState }) => (
          <Field
            label="Days without calls"
            hint="One date a line, as 2026-12-24. Bank holidays in England and Wales are closed already."
            error={
              fieldState.error?.message ??
              (formState.errors.closed_dates as { [i: number]: { message?: string } } | undefined)?.[0]?.message
            }
          >
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                readOnly={readOnly}
                defaultValue={field.value.join("\n")}
                onBlur={field.onBlur}
                onChange={(e) =>
                  field.onChange(
                    e.target.value
                      .split(/\s+/)
                      .map((d) => d.trim())
                      .filter(Boolean),
                  )
                }
              />
            )}
          </Field>
        )}
      />
      <TextField
        control={control}
        name="meeting_link"
        type="url"
        label="Meeting link"
        hint="Given to the visitor when the call is online"
      />
      {!readOnly && (
        <TextField
          control={control}
          name="calendar_url"
          type="url"
          label="Your calendar's private address"
          hint="Google, Apple and Outlook each give one: your own events then make you busy. Keep it secret."
        />
      )}
      {readOnly && view.calendar_connected && <p className="text-sm text-slate-600">The host's calendar is connected.</p>}
      {view.calendar_connected && <CalendarRead status={view.calendar} />}
      <TextField
        control={control}
        name="outside_scheduler_url"
        type="url"
        label="Outside scheduler"
        hint="Only if you prefer one: the site's Book a Call links then go there instead of the studio's own page"
      />
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Booking Settings"}
        </Button>
      )}
    </form>
  );
}

/** How the hourly read of the host's calendar last went, so a broken address is noticed. */
function CalendarRead({ status }: { status: HostCalendarStatus | null }) {
  if (!status) return <p className="text-sm text-slate-600">The calendar is read within the hour, then every hour.</p>;
  const busy = `${status.busy_times} busy ${status.busy_times === 1 ? "time" : "times"}`;
  if (!status.problem)
    return (
      <p className="text-sm text-slate-600" data-testid="calendar-read">
        Calendar read {formatDateTime(status.read_at ?? status.tried_at)}: {busy} ahead.
      </p>
    );
  return (
    <p role="status" className="text-sm text-red-700" data-testid="calendar-read">
      Could not read the calendar at {formatDateTime(status.tried_at)}: {status.problem}.{" "}
      {status.read_at ? `The ${busy} read ${formatDateTime(status.read_at)} still count.` : "Nothing has been read from it yet."}
    </p>
  );
}

export function BookingSettingsForm({ isOwner, hosts }: { isOwner: boolean; hosts: CallHost[] | undefined }) {
  const { data } = useQuery(bookingSettingsQueryOptions());
  return (
    <SettingsPanel
      id="booking-settings"
      title="Bookings"
      intro="When visitors can book a call on the site, and with whom."
      isOwner={isOwner}
      skeletonClass="h-64"
    >
      {data && hosts ? (
        <Form key={data.updated_at ?? "new"} view={data} updatedAt={data.updated_at} hosts={hosts} readOnly={!isOwner} />
      ) : null}
    </SettingsPanel>
  );
}
