/**
 * Tailwind reads the files a stylesheet names with `@source` for the classes they use, and says
 * nothing when a named file is gone: the build still succeeds, without those rules. The worker
 * writes the no-JavaScript forms' messages (worker/http/form-state-markup.ts), so a move of that
 * file left /contact's inline CSS without their styles while every test still passed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stylesheets = ["web/src/styles.css"];

describe("stylesheets' @source files", () => {
  for (const sheet of stylesheets) {
    it(`${sheet} names only files that exist`, () => {
      const css = readFileSync(resolve(root, sheet), "utf8");
      const sources = [...css.matchAll(/@source\s+(?:not\s+)?"([^"]+)"/g)].map((m) => m[1]);
      expect(sources.length).toBeGreaterThan(0);
      const missing = sources.filter((s) => !existsSync(resolve(root, dirname(sheet), s)));
      expect(missing).toEqual([]);
    });
  }
});
