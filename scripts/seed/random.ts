/**
 * Deterministic randomness and dates: a seeded PRNG, so names, values and ids are the same on
 * every run, and dates placed relative to today, so overdue tasks stay overdue and follow-ups stay
 * upcoming whenever the seed is run.
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rand {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float = () => this.next();
  int = (min: number, max: number) => min + Math.floor(this.next() * (max - min + 1));
  pick = <T>(list: readonly T[]): T => list[Math.floor(this.next() * list.length)];
  chance = (p: number) => this.next() < p;
  /** A version-4-shaped UUID, reproducible from the seed. */
  uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
}

const DAY = 86_400_000;

export class Clock {
  constructor(private readonly now: number) {}
  /** ISO-8601 UTC instant `days` ago, placed in UK working hours. */
  ago(days: number, rand: Rand): string {
    const d = new Date(this.now - days * DAY);
    d.setUTCHours(rand.int(8, 17), rand.int(0, 59), rand.int(0, 59), rand.int(0, 999));
    // Never in the future: a record "0 days ago" made later today is clamped to now.
    return new Date(Math.min(d.getTime(), this.now - 60_000)).toISOString();
  }
  /** Calendar date YYYY-MM-DD, `days` from today (negative = past). */
  date(days: number): string {
    return new Date(this.now + days * DAY).toISOString().slice(0, 10);
  }
  /** An instant between `iso` and now (for updated_at). */
  after(iso: string, rand: Rand): string {
    const from = Date.parse(iso);
    return new Date(from + Math.floor(rand.float() * Math.max(0, this.now - 60_000 - from))).toISOString();
  }
}
