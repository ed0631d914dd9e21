import { useState } from "react";
import type { HolidayCountryView } from "../../../contract/holidays";
import { Field, Input, Select, Spinner } from "../../components/ui";
import { t } from "../../lib/i18n";

export interface HolidayPlaceChoice {
  countryCode: string | null;
  region: string | null;
}

/** Lower-cased and without accents, so 'cote' finds Côte d'Ivoire and 'turkiye' Türkiye. */
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The countries whose name or code holds `query`; the chosen one stays listed so the select can show it. */
export function filterCountries(
  countries: HolidayCountryView[],
  query: string,
  chosen: string | null,
): HolidayCountryView[] {
  const q = fold(query.trim());
  if (!q) return countries;
  return countries.filter((c) => c.code === chosen || fold(c.name).includes(q) || fold(c.code) === q);
}

/**
 * The Holidays tab's country (every one the holiday data knows, about 200, searchable) and, where the
 * data has them, its region (a state's or nation's holidays are added to the country's).
 */
export function HolidayCountryPicker({
  countries,
  value,
  onChange,
  saving,
}: {
  countries: HolidayCountryView[];
  value: HolidayPlaceChoice;
  onChange: (next: HolidayPlaceChoice) => void;
  saving: boolean;
}) {
  const [query, setQuery] = useState("");
  const shown = filterCountries(countries, query, value.countryCode);
  const country = countries.find((c) => c.code === value.countryCode);
  const matches = shown.filter((c) => c.code !== value.countryCode || query === "").length;
  return (
    <div className="flex w-full flex-col gap-3 sm:w-72">
      <Field
        label={t("availability.country.label")}
        htmlFor="holiday-country"
        hint={
          query ? t("availability.country.match", { count: matches, total: countries.length }) : undefined
        }
      >
        <Input
          type="search"
          aria-label={t("availability.country.search")}
          placeholder={t("availability.country.searchPlaceholder")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mb-2"
        />
        <div className="flex items-center gap-2">
          <Select
            id="holiday-country"
            wrapperClassName="flex-1"
            value={value.countryCode ?? ""}
            disabled={saving}
            onChange={(e) => {
              onChange({ countryCode: e.target.value || null, region: null });
              setQuery("");
            }}
          >
            <option value="">{t("availability.country.none")}</option>
            {shown.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </Select>
          {saving && <Spinner label={t("availability.saving")} className="text-accent-strong" />}
        </div>
      </Field>
      {country && country.regions.length > 0 && (
        <Field
          label={t("availability.country.region")}
          htmlFor="holiday-region"
          hint={t("availability.country.regionHint")}
        >
          <Select
            id="holiday-region"
            value={value.region ?? ""}
            disabled={saving}
            onChange={(e) => onChange({ countryCode: country.code, region: e.target.value || null })}
          >
            <option value="">{t("availability.country.allOf", { name: country.name })}</option>
            {country.regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </div>
  );
}
