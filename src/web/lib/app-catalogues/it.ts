// The host app's words in this language: every area's file (src/i18n/app/<area>/it.json) in one chunk.
const areas = import.meta.glob<Record<string, string>>("../../../i18n/app/*/it.json", {
  eager: true,
  import: "default",
});
export default Object.assign({}, ...Object.values(areas)) as Record<string, string>;
