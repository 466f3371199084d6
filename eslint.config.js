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
 * The worker by domain: a module (worker/modules/<domain>) reaches another only through its face,
 * index.ts, so its own files can move or split without touching its callers.
 */
const workerModules = readdirSync("worker/modules");
const otherModules = (module) => workerModules.filter((m) => m !== module);
const moduleZones = workerModules.flatMap((module) => [
  {
    target: `./worker/modules/${module}/!(tables).ts`,
    from: "./worker/modules",
    except: [`./${module}`, ...otherModules(module).map((m) => `./${m}/index.ts`)],
    message: "A module imports another only through its index.ts",
  },
  // A table's foreign keys name another module's table: tables.ts reads tables.ts, as the face would
  // bring that module's services, which read db/schema.ts, which re-exports this very file.
  {
    target: `./worker/modules/${module}/tables.ts`,
    from: "./worker/modules",
    except: [`./${module}`, ...otherModules(module).flatMap((m) => [`./${m}/index.ts`, `./${m}/tables.ts`])],
    message: "A module imports another only through its index.ts (a tables.ts may also read another's tables.ts)",
  },
]);

/**
 * `import { z } from "zod"` hands the bundler zod's whole namespace object, so all of its locales
 * and its JSON Schema code went into the worker (351 → 275 KiB gzip once gone).
 */
const zodAsNamespace = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: 'Write `import * as z from "zod"` (or `import type * as z`): the named `z` keeps all of zod in the bundle',
};

/**
 * `import("zod")` hands over zod's whole namespace too: in the browser it put all of zod, locales
 * and JSON Schema code included, in the chunk every CRM form loads: 386 KB of script, 86 KB once
 * it was gone. Load a module that imports zod statically instead.
 */
const zodImportedLater = {
  selector: "ImportExpression[source.value='zod']",
  message: 'Dynamically import a module that does `import * as z from "zod"`: `import("zod")` keeps all of zod in the bundle',
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
            ...moduleZones,
            {
              target: "./worker/platform",
              from: ["./worker/modules", "./worker/http", "./worker/app.ts", "./worker/index.ts"],
              message: "platform/ knows no domain: it imports no module, and nothing from http/",
            },
            {
              target: "./worker/http",
              from: ["./worker/modules", "./worker/app.ts", "./worker/index.ts"],
              message: "http/ reaches modules only through app.ts, which hands it what it needs",
            },
          ],
        },
      ],
      // A cycle makes load order matter and hides which module owns what.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": ["error", zodAsNamespace, zodImportedLater],
    },
  },
  {
    // Services are (db, input) => result: no HTTP types, so they are called the same from routes, scripts and tests.
    // A module's routes, middleware and the helpers that read the request (its cookies, its context) are HTTP.
    files: ["worker/modules/**/*.ts"],
    ignores: [
      "worker/modules/**/*routes.ts",
      "worker/modules/**/middleware.ts",
      "worker/modules/live/publish.ts",
      "worker/modules/previews/access.ts",
      "worker/modules/shared-documents/link-limit-page.ts",
      "worker/modules/shared-documents/link-visit.ts",
      "worker/modules/users-and-auth/device.ts",
      "worker/modules/users-and-auth/session.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["hono", "hono/*"], message: "Services don't know about HTTP: keep Hono in a module's routes and middleware" },
          ],
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
