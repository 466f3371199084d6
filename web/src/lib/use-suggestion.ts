import { useEffect } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/**
 * Puts `value` in a form's field whenever it changes (it arrives from the server, or follows another
 * field), until the user types in that field: a suggestion, never an overwrite. After the form's own
 * render, so a value that arrives after mounting still lands. `undefined` suggests nothing.
 */
export function useSuggestion<T extends FieldValues, N extends Path<T>>(
  form: Pick<UseFormReturn<T>, "getFieldState" | "setValue">,
  name: N,
  value: PathValue<T, N> | undefined,
): void {
  const { getFieldState, setValue } = form;
  useEffect(() => {
    if (value === undefined || getFieldState(name).isDirty) return;
    setValue(name, value);
  }, [name, value, getFieldState, setValue]);
}
