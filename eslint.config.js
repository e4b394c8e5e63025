// @ts-check
// ESLint's rules for the browser client (src/salon/web/static): the recommended ones, for ES
// modules running in a browser, plus the project's line length.  scripts/lint-js runs it.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", ".venv/**", "build/**", "dist/**"] },
  {
    files: ["src/salon/web/static/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
      "max-len": ["error", { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  {
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
