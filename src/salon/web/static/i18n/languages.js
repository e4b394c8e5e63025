// @ts-check
// Written by python -m salon.i18n.export; do not edit.
export const LANGUAGES = ["en", "de", "fr", "uk"];
