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

/** "Please wait 2 minutes" from a 429's Retry-After. */
export function waitMessage(retryAfter: number | undefined): string {
  if (!retryAfter) return "Too many attempts. Please wait a few minutes before trying again.";
  const minutes = Math.ceil(retryAfter / 60);
  const span = retryAfter < 60 ? `${retryAfter} second${retryAfter === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please wait ${span} before trying again.`;
}
