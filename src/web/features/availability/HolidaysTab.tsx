import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Flag, PartyPopper } from "lucide-react";
import type { HolidaySettingsBody } from "../../../contract/holidays";
import type { holidaysResponses } from "../../../contract/responses/holidays";
import type { AnswerData } from "../../../contract/responses/shared";
import { Card, EmptyState, LoadingState, Switch, toast } from "../../components/ui";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { CustomHolidays, dateRangeText } from "./CustomHolidays";
import { LoadError } from "./EditorStates";
import { HolidayCountryPicker } from "./HolidayCountryPicker";
import { OptionalHolidays } from "./OptionalHolidays";
import { holidayKeys, useHolidayCountries, useHolidaySettings, useSchedules } from "./queries";
import { todayIn } from "./timezones";
import { UpcomingHolidays } from "./UpcomingHolidays";

type HolidaySettings = AnswerData<typeof holidaysResponses.settings>;

/** The Holidays tab: a country's public holidays (each can be switched off) and custom days off. */
export function HolidaysTab() {
  const queryClient = useQueryClient();
  const settings = useHolidaySettings();
  const countries = useHolidayCountries();
  // Holidays are whole days in the host's zone: the default schedule's (as the server counts them).
  const schedules = useSchedules();
  const hostZone = schedules.data?.find((s) => s.isDefault)?.timezone ?? "Asia/Kolkata";
  const save = useMutation({
    mutationFn: (body: HolidaySettingsBody) => api.put<HolidaySettings>("/holidays", body),
    onMutate: async (body) => {
      // Switches answer at once; the server's answer (or the old state on failure) follows.
      await queryClient.cancelQueries({ queryKey: holidayKeys.settings });
      const before = queryClient.getQueryData<HolidaySettings>(holidayKeys.settings);
      if (before && body.disabledHolidays) {
        const off = new Set(body.disabledHolidays);
        queryClient.setQueryData<HolidaySettings>(holidayKeys.settings, {
          ...before,
          disabledHolidays: body.disabledHolidays,
          holidays: before.holidays.map((h) => (h.type === "public" ? { ...h, enabled: !off.has(h.id) } : h)),
        });
      }
      if (before && body.enabledHolidays) {
        const on = new Set(body.enabledHolidays);
        queryClient.setQueryData<HolidaySettings>(holidayKeys.settings, {
          ...before,
          enabledHolidays: body.enabledHolidays,
          holidays: before.holidays.map((h) => (h.type === "optional" ? { ...h, enabled: on.has(h.id) } : h)),
        });
      }
      return { before };
    },
    onSuccess: (data) => {
      queryClient.setQueryData(holidayKeys.settings, data);
      void queryClient.invalidateQueries({ queryKey: holidayKeys.upcoming });
      toast.success(t("availability.holidays.saved"));
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(holidayKeys.settings, context.before);
      toast.error(t("availability.holidays.saveFailed"), { description: error.message });
    },
  });

  if (settings.isPending) {
    return (
      <LoadingState
        label={t("availability.holidays.loading")}
        rowClassName="h-80"
        className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]"
      />
    );
  }
  if (settings.isError) {
    return (
      <Card>
        <LoadError
          title={t("availability.holidays.loadFailed")}
          detail={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      </Card>
    );
  }

  const data = settings.data;
  const publicHolidays = data.holidays.filter((h) => h.type === "public");
  const years = data.years;
  const today = todayIn(hostZone);
  const changingPlace =
    save.isPending && (save.variables?.countryCode !== undefined || save.variables?.region !== undefined);
  // Until the list has loaded, the chosen country is the only one offered (under its code).
  const countryList =
    countries.data ??
    (data.countryCode ? [{ code: data.countryCode, name: data.countryCode, regions: [] }] : []);
  const countryName = countryList.find((c) => c.code === data.countryCode)?.name ?? data.countryCode ?? "";
  const regionName = countryList
    .find((c) => c.code === data.countryCode)
    ?.regions.find((r) => r.code === data.region)?.name;

  const toggle = (id: string, enabled: boolean) => {
    const off = new Set(data.disabledHolidays);
    if (enabled) off.delete(id);
    else off.add(id);
    save.mutate({ disabledHolidays: [...off] });
  };
  const toggleOptional = (id: string, enabled: boolean) => {
    const on = new Set(data.enabledHolidays);
    if (enabled) on.add(id);
    else on.delete(id);
    save.mutate({ enabledHolidays: [...on] });
  };

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <Card>
          <div className="flex flex-wrap items-end justify-between gap-4 border-slate-200 border-b p-5">
            <div>
              <h2 className="font-semibold text-base text-slate-900">{t("availability.holidays.public")}</h2>
              <p className="mt-1 text-slate-500 text-sm">{t("availability.holidays.publicHint")}</p>
            </div>
            <HolidayCountryPicker
              countries={countryList}
              value={{ countryCode: data.countryCode, region: data.region }}
              onChange={(place) => save.mutate(place)}
              saving={changingPlace}
            />
          </div>
          {!data.countryCode ? (
            <EmptyState
              icon={Flag}
              title={t("availability.holidays.noCountry")}
              description={t("availability.holidays.noCountryText")}
            />
          ) : publicHolidays.length === 0 ? (
            <EmptyState
              icon={PartyPopper}
              title={t("availability.holidays.noneFound")}
              description={t("availability.holidays.nothingListed", {
                place: regionName ? `${regionName}, ${countryName}` : countryName,
                years: years.join(t("availability.holidays.and")),
              })}
            />
          ) : (
            years.map((year) => {
              const ofYear = publicHolidays.filter((h) => h.date.startsWith(String(year)));
              if (ofYear.length === 0) return null;
              return (
                <section key={year} aria-labelledby={`holidays-${year}`} className="px-5 pt-4 pb-2">
                  <h3
                    id={`holidays-${year}`}
                    className="mb-1 font-medium text-slate-500 text-xs uppercase tracking-wide"
                  >
                    {year}
                  </h3>
                  <ul className="divide-y divide-slate-100">
                    {ofYear.map((h) => {
                      const id = `holiday-${h.id}-${h.date}`;
                      const past = h.endDate < today;
                      return (
                        // A passed day reads quieter but keeps readable contrast (no opacity on text).
                        <li key={id} className="flex items-center gap-3 py-2.5">
                          <div className="min-w-0 flex-1">
                            <label
                              htmlFor={id}
                              className={
                                h.enabled && !past ? "text-slate-900 text-sm" : "text-slate-500 text-sm"
                              }
                            >
                              {h.name}
                            </label>
                            <p className="tabular text-[13px] text-slate-500">
                              {dateRangeText(h.date, h.endDate)}
                              {past
                                ? t("availability.holidays.passed")
                                : !h.enabled && t("availability.holidays.bookable")}
                            </p>
                          </div>
                          <Switch
                            id={id}
                            checked={h.enabled}
                            onCheckedChange={(on) => toggle(h.id, on)}
                            className={cn(past && "opacity-55")}
                          />
                        </li>
                      );
                    })}
                  </ul>
                </section>
              );
            })
          )}
        </Card>
        {data.countryCode && (
          <OptionalHolidays
            countryName={regionName ? `${regionName}, ${countryName}` : countryName}
            holidays={data.holidays.filter((h) => h.type === "optional")}
            years={years}
            today={today}
            onToggle={toggleOptional}
          />
        )}
      </div>
      <div className="flex flex-col gap-4">
        <UpcomingHolidays />
        <Card className="p-5">
          <h2 className="font-semibold text-base text-slate-900">{t("availability.holidays.custom")}</h2>
          <p className="mt-1 mb-4 text-slate-500 text-sm">{t("availability.holidays.customHint")}</p>
          <CustomHolidays holidays={data.customHolidays} today={today} />
        </Card>
      </div>
    </div>
  );
}
