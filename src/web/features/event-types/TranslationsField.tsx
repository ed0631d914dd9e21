import { Languages, Trash2 } from "lucide-react";
import type { EventTypeTranslations } from "../../../contract/event-type-translations";
import { LOCALE_NAMES, LOCALES, type Locale, matchLocale } from "../../../contract/languages";
import { Button, Input, Select, Textarea } from "../../components/ui";
import { t } from "../../lib/i18n";

interface TranslationsFieldProps {
  value: EventTypeTranslations;
  onChange: (value: EventTypeTranslations) => void;
  /** The title and description as written: each translation's placeholder. */
  original: { title: string; description: string };
}

/**
 * The event type's title and description in other languages (issue 27): an invitee whose booking
 * page, mails and invite speak one of them reads it; a blank field falls back to the original.
 */
export function TranslationsField({ value, onChange, original }: TranslationsFieldProps) {
  const written = LOCALES.filter((locale) => value[locale]);
  const unused = LOCALES.filter((locale) => !value[locale]);
  const set = (locale: Locale, text: { title: string; description: string } | null) => {
    const next = { ...value };
    if (text) next[locale] = text;
    else delete next[locale];
    onChange(next);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-medium text-slate-900 text-sm">{t("translations.legend")}</legend>
      <p className="-mt-1 text-slate-500 text-xs">{t("translations.hint")}</p>
      {written.map((locale) => {
        const text = value[locale] ?? { title: "", description: "" };
        const name = LOCALE_NAMES[locale];
        return (
          <div
            key={locale}
            lang={locale}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-slate-700 text-sm">{name}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t("translations.remove", { language: name })}
                onClick={() => set(locale, null)}
              >
                <Trash2 size={16} aria-hidden />
              </Button>
            </div>
            <Input
              aria-label={t("translations.title", { language: name })}
              value={text.title}
              maxLength={120}
              placeholder={original.title}
              onChange={(e) => set(locale, { ...text, title: e.target.value })}
            />
            <Textarea
              aria-label={t("translations.description", { language: name })}
              rows={3}
              value={text.description}
              maxLength={5000}
              placeholder={original.description}
              onChange={(e) => set(locale, { ...text, description: e.target.value })}
            />
          </div>
        );
      })}
      {unused.length > 0 && (
        <div className="flex items-center gap-2">
          <Languages size={16} aria-hidden className="shrink-0 text-slate-500" />
          <Select
            aria-label={t("translations.add")}
            value=""
            onChange={(e) => {
              const locale = matchLocale(e.target.value);
              if (locale) set(locale, { title: "", description: "" });
            }}
          >
            <option value="">{t("translations.add")}</option>
            {unused.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </Select>
        </div>
      )}
    </fieldset>
  );
}
