// ESLint for the project's JavaScript (`eslint`, a step of scripts/test): the recommended rules,
// with each file's globals: the page's (web/), a service worker's (web/boot/sw.js), Node's
// (scripts/*.mjs and the unit tests, tests/js/). Types are tsc's (tsconfig*.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "runtime/", "_site/", ".venv/", ".cache/", "build/", "dist/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  {
    // The page's modules, and those of its workers (web/boot/snapshot_worker.mjs).
    files: ["web/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser, ...globals.worker } },
  },
  {
    // The page's classic scripts, run in order in one realm: web/boot/i18n.js's ratscrewI18n
    // is everyone's; web/boot/setup_early.js uses web/boot/loader.js's ratscrewLoader.
    files: ["web/boot/i18n.js", "web/boot/loader.js", "web/boot/setup_early.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["web/boot/loader.js", "web/boot/setup_early.js"],
    languageOptions: { globals: { ratscrewI18n: "readonly" } },
  },
  {
    files: ["web/boot/setup_early.js"],
    languageOptions: { globals: { ratscrewLoader: "readonly" } },
  },
  {
    files: ["web/boot/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, workbox: "readonly" },
    },
  },
  {
    files: ["scripts/*.mjs", "tests/js/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
