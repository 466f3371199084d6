/**
 * zod stays small in both bundles because ESLint refuses the two imports that hand the bundler its
 * whole namespace (locales and JSON Schema code included): the named `z`, and `import("zod")`.
 * Each is planted in the browser's tree and the worker's.
 */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.message);
}

describe.each(["web/src/features/auth/components/planted.ts", "worker/modules/leads/planted.ts"])("zod's imports in %s", (file) => {
  it("refuses the named z", async () => {
    const messages = await messagesFor(file, 'import { z } from "zod";\nexport const name = z.string();\n');
    expect(messages.some((m) => m.includes("the named `z` keeps all of zod in the bundle"))).toBe(true);
  });

  it('refuses import("zod")', async () => {
    const messages = await messagesFor(file, 'export const load = () => import("zod").then((z) => z.string());\n');
    expect(messages.some((m) => m.includes('`import("zod")` keeps all of zod in the bundle'))).toBe(true);
  });

  it("lets the namespace import through, and a module that makes it loaded later", async () => {
    const messages = await messagesFor(
      file,
      'import * as z from "zod";\nexport const name = z.string();\nexport const load = () => import("./schema");\n',
    );
    expect(messages).toEqual([]);
  });
});
