import { useState } from "react";
import type { HolidayCountryView } from "../../../contract/holidays";
import { Field, Input, Select, Spinner } from "../../components/ui";

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
        label="Country"
        htmlFor="holiday-country"
        hint={query ? `${matches} of ${countries.length} countries match` : undefined}
      >
        <Input
          type="search"
          aria-label="Search countries"
          placeholder="Search countries..."
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
            <option value="">None</option>
            {shown.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </Select>
          {saving && <Spinner label="Saving" className="text-accent-strong" />}
        </div>
      </Field>
      {country && country.regions.length > 0 && (
        <Field label="Region" htmlFor="holiday-region" hint="Adds the region's own holidays">
          <Select
            id="holiday-region"
            value={value.region ?? ""}
            disabled={saving}
            onChange={(e) => onChange({ countryCode: country.code, region: e.target.value || null })}
          >
            <option value="">All of {country.name}</option>
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
