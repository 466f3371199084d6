/**
 * PBKDF2-SHA256 password hashes. 100,000 iterations is the most Cloudflare's production
 * runtime allows, so it is also the most this code will ever ask for.
 */
export const MAX_PBKDF2_ITERATIONS = 100_000;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be between 1 and ${MAX_PBKDF2_ITERATIONS}`);
  }
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = MAX_PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: toB64(await derive(password, salt, iterations)), salt: toB64(salt), iterations };
}

/** Compares every byte whatever the first difference, so timing reveals nothing. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromB64(stored.salt), stored.iterations);
  return constantTimeEqual(actual, fromB64(stored.hash));
}

/** A fixed hash to verify against when the account does not exist, so both paths cost the same. */
export const DUMMY_HASH: PasswordHash = {
  hash: "q1yqS5l1o7Wl1r3mC8o2kq3C8zq4n0w3b3y5gXk6f8E=",
  salt: "c2FsdHNhbHRzYWx0c2FsdA==",
  iterations: MAX_PBKDF2_ITERATIONS,
};
