// @ts-check
// Written by python -m tools.i18n_export; do not edit.
export const LANGUAGES = ["en", "de", "fr", "uk"];
