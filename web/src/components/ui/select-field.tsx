/**
 * A labelled NativeSelect whose value react-hook-form holds (useController), for pickers whose
 * options arrive after the form mounts (clients, projects, users...): an uncontrolled select would
 * show whatever option came first while the form still held the chosen id. The error comes from the
 * field's own state, so it sits beside the select like any Field's.
 */
import type { ReactNode } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Field } from "./field";
import { NativeSelect } from "./select-native";

export function SelectField<T extends FieldValues, N extends FieldPath<T>, TTransformed = T>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  onValueChange,
  children,
}: {
  control: Control<T, unknown, TTransformed>;
  name: N;
  label: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** After the user picks a value, e.g. to clear a field that depends on this one. */
  onValueChange?: (value: string) => void;
  /** The <option>s; NativeOptions for a fixed list. */
  children: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} error={fieldState.error?.message} hint={hint} required={required}>
      {(p) => (
        <NativeSelect
          {...p}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ""}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValueChange?.(e.target.value);
          }}
        >
          {children}
        </NativeSelect>
      )}
    </Field>
  );
}
