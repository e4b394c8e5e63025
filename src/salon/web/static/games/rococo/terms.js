// @ts-check
// Written by python -m tools.i18n_export; do not edit.
export const FIELD_TERMS = [
  "blue",
  "pink",
  "green",
  "orange",
  "thread",
  "kitchen",
  "favour",
  "favour_space",
  "resource_bag",
  "rack",
  "drawer",
  "drawers"
];
export const COLOUR_TERMS = ["blue", "green", "orange", "pink"];
