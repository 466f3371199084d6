/** PBKDF2 hashes: at most 100,000 iterations (the Workers cap), and verification by stored count. */
import { describe, expect, it } from "vitest";
import { constantTimeEqual, DUMMY_HASH, hashPassword, MAX_PBKDF2_ITERATIONS, verifyPassword } from "../../../worker/platform/password";
import { TEST_ITERATIONS } from "../support/helpers";

describe("password hashing", () => {
  it("refuses more than 100,000 iterations, which production Workers would reject", async () => {
    expect(MAX_PBKDF2_ITERATIONS).toBe(100_000);
    await expect(hashPassword("secret password", 100_001)).rejects.toThrow(RangeError);
    await expect(hashPassword("secret password", 1_000_000)).rejects.toThrow(/iterations/);
    await expect(hashPassword("secret password", 0)).rejects.toThrow(RangeError);
    await expect(hashPassword("secret password", 1.5)).rejects.toThrow(RangeError);
  });

  it("hashes at 100,000 iterations by default", async () => {
    const h = await hashPassword("secret password");
    expect(h.iterations).toBe(100_000);
    expect(await verifyPassword("secret password", h)).toBe(true);
  });

  it("refuses to verify against a stored hash that claims more than the cap", async () => {
    const h = await hashPassword("secret password", TEST_ITERATIONS);
    await expect(verifyPassword("secret password", { ...h, iterations: 100_001 })).rejects.toThrow(RangeError);
  });

  it("verifies with the stored iteration count and salt", async () => {
    const a = await hashPassword("secret password", TEST_ITERATIONS);
    const b = await hashPassword("secret password", TEST_ITERATIONS);
    expect(a.iterations).toBe(TEST_ITERATIONS);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword("secret password", a)).toBe(true);
    expect(await verifyPassword("secret passwore", a)).toBe(false);
    expect(await verifyPassword("secret password", { ...a, iterations: TEST_ITERATIONS + 1 })).toBe(false);
  });

  it("keeps a well-formed dummy hash for unknown accounts", async () => {
    expect(DUMMY_HASH.iterations).toBeLessThanOrEqual(MAX_PBKDF2_ITERATIONS);
    expect(await verifyPassword("anything", DUMMY_HASH)).toBe(false);
  });

  it("compares bytes of any length without throwing", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([]), new Uint8Array([0]))).toBe(false);
  });
});
