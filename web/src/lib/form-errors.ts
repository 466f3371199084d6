/** Puts the worker's per-field messages (the envelope's `fields`) onto a react-hook-form form. */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api";

/** Returns true when the error was about fields and is now shown beside them. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (known.includes(name as Path<T>)) {
      setError(name as Path<T>, { type: "server", message });
      applied = true;
    }
  }
  return applied;
}

export { waitMessage } from "@contract/wait-message";
