/**
 * Labelled inputs bound to a react-hook-form field by `control` and `name`, like SelectField: the
 * CRM dialogs' text, date, money, fixed-list select and multi-line fields. Unlike SelectField they
 * stay uncontrolled (`register`), since their values are known when the form mounts; the error
 * comes from the field's own state and is wired to the input by Field (aria-describedby/invalid).
 * Each name must hold the kind of value its input gives (a string, or a number for MoneyField).
 */
import {
  useFormState,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { numberOrNull, textOrNull } from "@/lib/form-values";
import { Field, Input, PasswordInput } from "./field";
import { NativeOptions, NativeSelect } from "./select-native";
import { Textarea } from "./textarea";

type TextPath<T extends FieldValues> = FieldPathByValue<T, string | null | undefined>;
type NumberPath<T extends FieldValues> = FieldPathByValue<T, number | null | undefined>;

interface BoundProps<T extends FieldValues, N, TTransformed> {
  control: Control<T, unknown, TTransformed>;
  name: N;
  label: string;
  required?: boolean;
}

/** The field's registration and its error message, re-rendering only when that error changes. */
function useRegistered<T extends FieldValues, N extends TextPath<T> | NumberPath<T>, TTransformed>(
  control: Control<T, unknown, TTransformed>,
  name: N,
  options?: RegisterOptions<T, N>,
): { registration: UseFormRegisterReturn<N>; error?: string } {
  const formState = useFormState({ control, name });
  return { registration: control.register(name, options), error: control.getFieldState(name, formState).error?.message };
}

/** A one-line text input (plain, e-mail, phone or web address). */
export function TextField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  hint,
  type,
  autoComplete,
  placeholder,
}: BoundProps<T, N, TTransformed> & {
  hint?: string;
  type?: "email" | "tel" | "url";
  autoComplete?: "off";
  placeholder?: string;
}) {
  const { registration, error } = useRegistered(control, name);
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(p) => <Input {...p} type={type} autoComplete={autoComplete} placeholder={placeholder} {...registration} />}
    </Field>
  );
}

/** A password with a show/hide toggle; `autoComplete` tells password managers which one it is. */
export function PasswordField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  hint,
  autoComplete,
}: BoundProps<T, N, TTransformed> & { hint?: string; autoComplete: "current-password" | "new-password" }) {
  const { registration, error } = useRegistered(control, name);
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(p) => <PasswordInput {...p} autoComplete={autoComplete} {...registration} />}
    </Field>
  );
}

/** The browser's own date or time picker (typing still works); empty is "". */
function PickerField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  hint,
  type,
}: BoundProps<T, N, TTransformed> & { hint?: string; type: "date" | "time" }) {
  const { registration, error } = useRegistered(control, name);
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(p) => <Input {...p} type={type} {...registration} />}
    </Field>
  );
}

/** A calendar date (YYYY-MM-DD). */
export function DateField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>(
  props: BoundProps<T, N, TTransformed> & { hint?: string },
) {
  return <PickerField {...props} type="date" />;
}

/** A time of day (HH:MM). */
export function TimeField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>(
  props: BoundProps<T, N, TTransformed> & { hint?: string },
) {
  return <PickerField {...props} type="time" />;
}

/** An amount in pounds, zero or more with pence; empty is null. */
export function MoneyField<T extends FieldValues, N extends NumberPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
}: BoundProps<T, N, TTransformed>) {
  const { registration, error } = useRegistered(control, name, { setValueAs: numberOrNull });
  return (
    <Field label={label} error={error} required={required}>
      {(p) => <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" {...registration} />}
    </Field>
  );
}

/** A whole number within bounds (minutes, hours, a count); empty is null. */
export function WholeNumberField<T extends FieldValues, N extends NumberPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  hint,
  min,
  max,
}: BoundProps<T, N, TTransformed> & { hint?: string; min: number; max: number }) {
  const { registration, error } = useRegistered(control, name, { setValueAs: numberOrNull });
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(p) => <Input {...p} type="number" min={min} max={max} step="1" inputMode="numeric" {...registration} />}
    </Field>
  );
}

/** A select over a fixed list, each value its own text; `emptyOption` adds a first "" option, stored as null. */
export function OptionsField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  values,
  labels,
  emptyOption,
}: BoundProps<T, N, TTransformed> & { values: readonly string[]; labels?: Readonly<Record<string, string>>; emptyOption?: string }) {
  const { registration, error } = useRegistered(control, name, emptyOption === undefined ? undefined : { setValueAs: textOrNull });
  return (
    <Field label={label} error={error} required={required}>
      {(p) => (
        <NativeSelect {...p} {...registration}>
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          <NativeOptions values={values} labels={labels} />
        </NativeSelect>
      )}
    </Field>
  );
}

/** Multi-line text (notes, a summary). */
export function TextareaField<T extends FieldValues, N extends TextPath<T>, TTransformed = T>({
  control,
  name,
  label,
  required,
  rows,
}: BoundProps<T, N, TTransformed> & { rows?: number }) {
  const { registration, error } = useRegistered(control, name);
  return (
    <Field label={label} error={error} required={required}>
      {(p) => <Textarea {...p} rows={rows} {...registration} />}
    </Field>
  );
}
