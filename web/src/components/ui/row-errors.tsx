/**
 * A repeated row's field errors (a line item, an instalment): the row's messages in one line under
 * it, and each field in error marked invalid and pointing at that line, so a screen reader reads
 * the message with the field.
 */
export function rowErrors<K extends string>(errorId: string, keys: readonly K[], messageOf: (key: K) => string | undefined) {
  const messages = keys.map(messageOf).filter(Boolean);
  return {
    invalid: (key: K) => (messageOf(key) ? { "aria-invalid": true as const, "aria-describedby": errorId } : {}),
    message:
      messages.length > 0 ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {messages.join(". ")}
        </p>
      ) : null,
  };
}
