/**
 * A tiny template renderer for workflow texts: `{{ name }}` is replaced by the variable's value,
 * escaped for where the text goes. Unknown names stay as written, so a typo shows in the message
 * instead of vanishing. No logic, loops or partials: what a host types is data, never code.
 */
export type Escape = "none" | "html" | "json";

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeFor(value: string, mode: Escape): string {
  if (mode === "html") return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
  // Inside a JSON string literal the host wrote: JSON.stringify's escaping without its quotes.
  if (mode === "json") return JSON.stringify(value).slice(1, -1);
  return value;
}

export function renderTemplate(
  template: string,
  vars: Readonly<Record<string, string>>,
  mode: Escape = "none",
) {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.toLowerCase();
    return Object.hasOwn(vars, key) ? escapeFor(vars[key], mode) : whole;
  });
}

/** The variable names a template uses (to know, e.g., whether it needs manage links). */
export function templateVariables(template: string): Set<string> {
  return new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1].toLowerCase()));
}
