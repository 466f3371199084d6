import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "dist-ssr", ".wrangler", "node_modules", "migrations", "test-results", "playwright-report", "bench/results.json"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
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
