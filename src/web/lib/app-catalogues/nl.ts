// The host app's words in this language: every area's file (src/i18n/app/<area>/nl.json) in one chunk.
const areas = import.meta.glob<Record<string, string>>("../../../i18n/app/*/nl.json", {
  eager: true,
  import: "default",
});
export default Object.assign({}, ...Object.values(areas)) as Record<string, string>;
