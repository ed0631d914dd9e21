import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui";
import { t } from "../../lib/i18n";
import { CalendarSettingsTab } from "./CalendarSettingsTab";
import { HolidaysTab } from "./HolidaysTab";
import { SchedulesTab } from "./SchedulesTab";

const TABS = ["schedules", "holidays", "calendar-settings"] as const;
type Tab = (typeof TABS)[number];

/** /availability: Schedules, Holidays and Calendar Settings; the tab lives in the URL so reloads keep it. */
export default function AvailabilityPage() {
  const [params, setParams] = useSearchParams();
  const current = params.get("tab");
  const tab: Tab = TABS.includes(current as Tab) ? (current as Tab) : "schedules";

  return (
    <>
      <PageHeader title={t("availability.title")} subtitle={t("availability.page.subtitle")} />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (p) => {
              if (value === "schedules") p.delete("tab");
              else p.set("tab", value);
              return p;
            },
            { replace: true },
          )
        }
      >
        <TabsList className="mb-1 overflow-x-auto">
          <TabsTrigger value="schedules">{t("availability.page.schedules")}</TabsTrigger>
          <TabsTrigger value="holidays">{t("availability.page.holidays")}</TabsTrigger>
          <TabsTrigger value="calendar-settings">{t("availability.page.calendarSettings")}</TabsTrigger>
        </TabsList>
        <TabsContent value="schedules">
          <SchedulesTab />
        </TabsContent>
        <TabsContent value="holidays">
          <HolidaysTab />
        </TabsContent>
        <TabsContent value="calendar-settings">
          <CalendarSettingsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
