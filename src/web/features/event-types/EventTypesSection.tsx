import { ArrowRight, Clock, MapPin, Power } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DEFAULT_COLOR } from "../../../contract/event-type-constants";
import { Badge, Button, Card, ErrorState, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { EventTypeCard, EventTypeCardSkeleton } from "./EventTypeCard";
import { formatDuration, locationName } from "./links";
import { useCreateEventType, useEventTypes } from "./queries";
import { useEventTypeActions } from "./useEventTypeActions";

const SAMPLES = [15, 30, 60];
/** The dashboard shows a handful; the full list lives on /event-types. */
const MAX_CARDS = 6;

/** The dashboard's event types: a compact grid with the card actions, or three samples to turn on. */
export function EventTypesSection() {
  const query = useEventTypes();
  const { actions, dialogs } = useEventTypeActions();
  const list = query.data ?? [];

  return (
    <section aria-labelledby="dashboard-event-types" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-event-types" className="font-semibold text-lg text-slate-900">
          {t("eventTypes.list.title")}
        </h2>
        {list.length > 0 && (
          <Link
            to="/event-types"
            className="inline-flex items-center gap-1 font-medium text-accent-strong text-sm hover:underline"
          >
            {t("eventTypes.section.viewAll")}
            {list.length > MAX_CARDS ? ` (${list.length})` : ""}{" "}
            <ArrowRight size={14} aria-hidden className="rtl:-scale-x-100" />
          </Link>
        )}
      </div>
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <EventTypeCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert">
          <ErrorState title={t("eventTypes.list.loadFailed")} query={query} />
        </Card>
      ) : list.length === 0 ? (
        <SampleCards />
      ) : (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("eventTypes.section.yours")}
        >
          {list.slice(0, MAX_CARDS).map((et) => (
            <li key={et._id}>
              <EventTypeCard eventType={et} actions={actions} compact />
            </li>
          ))}
        </ul>
      )}
      {dialogs}
    </section>
  );
}

/** With no event types yet: three ready-made meetings, each created by one click on 'Turn On'. */
function SampleCards() {
  const create = useCreateEventType();
  const [pending, setPending] = useState<number | null>(null);
  const turnOn = async (minutes: number, title: string) => {
    setPending(minutes);
    try {
      // A phone call needs no link: a sample never promises "Meeting link will be provided" in vain.
      await create.mutateAsync({
        type: "one-on-one",
        title,
        duration: minutes,
        isActive: true,
        locations: [{ type: "phone", value: "" }],
      });
      toast.success(t("eventTypes.sample.on", { title }));
    } catch (error) {
      toast.error(errorMessage(error, t("eventTypes.create.failed")));
    } finally {
      setPending(null);
    }
  };
  return (
    <div>
      <p className="mb-3 text-slate-500 text-sm">
        {t("eventTypes.sample.intro")}{" "}
        <Link
          to={`/event-types?create=one-on-one`}
          className="font-medium text-accent-strong hover:underline"
        >
          {t("eventTypes.sample.createOwn")}
        </Link>
        .
      </p>
      <ul
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={t("eventTypes.sample.list")}
      >
        {SAMPLES.map((minutes) => ({ minutes, title: t("eventTypes.sample.title", { minutes }) })).map(
          ({ minutes, title }) => (
            <li key={minutes}>
              <Card className="relative flex h-full flex-col overflow-hidden border-dashed">
                <span
                  aria-hidden
                  className="absolute inset-y-0 start-0 w-1 opacity-40"
                  style={{ backgroundColor: DEFAULT_COLOR }}
                />
                <div className="flex flex-1 flex-col p-4 ps-6">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{title}</h3>
                    <Badge tone="grey">{t("eventTypes.sample.badge")}</Badge>
                  </div>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-500 text-sm">
                    <span className="inline-flex items-center gap-1">
                      <Clock size={14} aria-hidden /> {formatDuration(minutes)}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <MapPin size={14} aria-hidden /> {locationName("phone")}
                    </span>
                    <span className="text-slate-500">{t("eventTypes.kind.oneOnOne")}</span>
                  </p>
                </div>
                <div className="flex justify-end border-slate-100 border-t px-3 py-2.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={pending === minutes}
                    disabled={pending !== null && pending !== minutes}
                    onClick={() => void turnOn(minutes, title)}
                    aria-label={t("eventTypes.sample.turnOnLabel", { title })}
                  >
                    {pending === minutes ? (
                      t("eventTypes.sample.turningOn")
                    ) : (
                      <>
                        <Power size={14} aria-hidden /> {t("eventTypes.sample.turnOn")}
                      </>
                    )}
                  </Button>
                </div>
              </Card>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
