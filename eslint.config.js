import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import globals from "globals";
import { readdirSync } from "node:fs";
import { resolve as resolvePath } from "node:path";

/** Features don't import each other (ARCHITECTURE habit 8): shared pieces move down into components/ or lib/. */
const featureZones = readdirSync("web/src/features").map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: "./web/src/features",
  except: [`./${feature}`],
  message: "Features don't import each other: move what they share into components/ or lib/",
}));

/**
 * `import { z } from "zod"` hands the bundler zod's whole namespace object, so every one of its 40
 * locales and its JSON Schema code went into the worker (351 → 275 KiB gzip once gone).
 */
const zodAsNamespace = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: 'Write `import * as z from "zod"` (or `import type * as z`): the named `z` keeps all of zod in the bundle',
};

export default tseslint.config(
  { ignores: ["dist", "dist-ssr", ".wrangler", "node_modules", "migrations", "test-results", "playwright-report", "bench/results.json"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
    // Resolve extension-less TypeScript imports, or the path and cycle rules below see nothing.
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
          // The path aliases of vite.config.ts and tsconfig.web.json.
          alias: { "@": [resolvePath("web/src")], "@contract": [resolvePath("contract")] },
        }),
      ],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // Imports flow app -> features -> components/lib -> contract; the contract imports neither side.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./contract", from: ["./web", "./worker"], message: "contract/ is shared: it imports nothing from web/ or worker/" },
            { target: "./worker", from: "./web", message: "The worker never imports browser code" },
            {
              target: "./web/src/components",
              from: ["./web/src/features", "./web/src/app"],
              message: "components/ sit below features/ and app/",
            },
            { target: "./web/src/lib", from: ["./web/src/features", "./web/src/app"], message: "lib/ sits below features/ and app/" },
            ...featureZones,
          ],
        },
      ],
      // A cycle makes load order matter and hides which module owns what.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": ["error", zodAsNamespace],
    },
  },
  {
    // Services are (db, input) => result: no HTTP types, so they are called the same from routes, scripts and tests.
    files: ["worker/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["hono", "hono/*"], message: "Services don't know about HTTP: keep Hono in routes/ and middleware/" }] },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
