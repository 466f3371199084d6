/**
 * What a person is told when a limit stops them (a 429), from its Retry-After: the same words
 * in the React page and in the page the worker writes for a form posted without JavaScript.
 */
export function waitMessage(retryAfter: number | undefined): string {
  if (!retryAfter) return "Too many attempts. Please wait a few minutes before trying again.";
  const minutes = Math.ceil(retryAfter / 60);
  const span = retryAfter < 60 ? `${retryAfter} second${retryAfter === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please wait ${span} before trying again.`;
}
