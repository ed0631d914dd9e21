import { LOCALE_NAMES, LOCALES, type Locale, matchLocale } from "../../contract/languages";
import { Select } from "./ui";

/** One of the ten languages, each named in its own words, or none (`unsetLabel`: whose language applies then). */
export function LanguageSelect(props: {
  id: string;
  value: Locale | null;
  onChange: (locale: Locale | null) => void;
  unsetLabel: string;
}) {
  return (
    <Select
      id={props.id}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(matchLocale(e.target.value))}
    >
      <option value="">{props.unsetLabel}</option>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </Select>
  );
}
