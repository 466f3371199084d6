/**
 * Import cycles, type-only imports included. ESLint's import-x/no-cycle (eslint.config.js) skips
 * `import type`, yet a type cycle still ties two modules together and hides which one owns the
 * shape (a review once found three). `npm run lint` runs this after ESLint.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle, even through types only, makes load order matter and hides which module owns what.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Count `import type` and type-only re-exports as the dependencies they are.
    tsPreCompilationDeps: true,
    // The web build's path aliases (@/, @contract/); the worker and scripts import by relative path.
    tsConfig: { fileName: "tsconfig.web.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"] },
  },
};
