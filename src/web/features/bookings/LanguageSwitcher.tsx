import { useId } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../../contract/languages";
import { currentLocale, t } from "../../lib/i18n";

/**
 * The invitees' pages' language choice (issue 27): it keeps the choice in the address (?lang=) and
 * loads the page again, so the server renders it in that language from the first byte.
 */
export function LanguageSwitcher() {
  const id = useId();
  const change = (locale: Locale) => {
    const url = new URL(window.location.href);
    url.searchParams.set("lang", locale);
    window.location.assign(url.toString());
  };
  return (
    <span>
      <label htmlFor={id} className="sr-only">
        {t("frame.language")}
      </label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(e) => change(e.target.value as Locale)}
        className="rounded-sm bg-transparent py-1 text-slate-600 text-xs hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
