/** Small numeric helpers the bench sections share: percentiles, medians and how figures are printed. */

/** Nearest-rank percentile (p in 0–100) of an unsorted list; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value (mean of the two middle values for an even count). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const ms = (n: number) => (Number.isFinite(n) ? `${round(n, n < 10 ? 1 : 0)} ms` : "n/a");
export const seconds = (msValue: number) => (Number.isFinite(msValue) ? `${(msValue / 1000).toFixed(2)} s` : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : "n/a");
