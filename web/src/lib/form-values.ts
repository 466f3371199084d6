/** react-hook-form `setValueAs` converters shared by the CRM's forms: an empty input means null. */
export const numberOrNull = (v: unknown): number | null => (v === "" || v == null ? null : Number(v));
export const textOrNull = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
