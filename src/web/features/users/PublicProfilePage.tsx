import { useQuery } from "@tanstack/react-query";
import { CalendarX, Clock, Globe, UserX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { EventTypeDto } from "../../../contract/event-types";
import { eventTypePath } from "../../../contract/usernames";
import { Avatar } from "../../components/ui/Avatar";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Skeleton";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { fetchPublicProfile, type PublicProfile } from "../bookings/bookingApi";
import { earlyData, startEarlyFetches, takeEarly } from "../bookings/earlyFetch";
import { LocationIcon } from "../bookings/LocationIcon";
import { ErrorCard, PageCard, PublicFrame, StatusCard } from "../bookings/PublicFrame";
import { formatDuration, zoneLabel } from "../bookings/time";

// Runs once, when the chunk loads (host app); the public app's entry has already started it.
startEarlyFetches(window.location);

/** /{username} (and /user/:userId) — the host's public page: who they are and what can be booked. */
export default function PublicProfilePage() {
  const params = useParams();
  // Kept from the first render: moving the address to the canonical link must not refetch.
  const [ref] = useState(() => (params.username ?? params.userId ?? "").toLowerCase());
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useQuery({
    queryKey: ["public-profile", ref],
    queryFn: () => takeEarly(["profile", ref], () => fetchPublicProfile(ref)),
    initialData: () => earlyData<PublicProfile>(["profile", ref]),
  });

  useEffect(() => {
    if (profile.data) document.title = profile.data.user.name;
  }, [profile.data]);

  // /user/:userId and a former username land on /{username}.
  const canonical = profile.data?.canonicalPath;
  useEffect(() => {
    if (canonical && canonical !== location.pathname) navigate(canonical, { replace: true });
  }, [canonical, location.pathname, navigate]);

  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return missing ? (
      <StatusCard icon={UserX} title={t("profile.notFound")} description={t("profile.notFoundText")} />
    ) : (
      <ErrorCard title={t("profile.loadFailed")} query={profile} />
    );
  }

  return (
    <PublicFrame className="max-w-4xl">
      <PageCard className="px-5 py-10 sm:px-10">
        {profile.isPending ? <ProfileSkeleton /> : <Profile {...profile.data} />}
      </PageCard>
    </PublicFrame>
  );
}

function Profile({ user, eventTypes }: PublicProfile) {
  return (
    <>
      <header className="flex flex-col items-center text-center">
        <Avatar name={user.name} src={user.avatar} size={72} />
        <h1 className="mt-4 font-semibold text-2xl text-slate-900">{user.name}</h1>
        <p className="mt-2 max-w-md whitespace-pre-line text-slate-500 text-sm leading-6">
          {user.welcomeText || t("profile.welcome")}
        </p>
        <p className="mt-3 flex items-center gap-1.5 text-slate-500 text-xs">
          <Globe size={14} aria-hidden /> {zoneLabel(user.timezone)}
        </p>
      </header>

      <div className="mt-10 border-slate-200 border-t pt-8">
        {eventTypes.length === 0 ? (
          <EmptyState
            icon={CalendarX}
            title={t("profile.noEventTypes")}
            description={t("profile.noEventTypesText")}
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label={t("profile.eventTypes")}>
            {eventTypes.map((et) => (
              <li key={et._id}>
                <EventTypeCard eventType={et} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function EventTypeCard({ eventType: et }: { eventType: EventTypeDto }) {
  const location = et.locations[0];
  return (
    <Link
      to={eventTypePath(et.user.username, et.slug)}
      className="group flex h-full flex-col rounded-lg border border-slate-200 border-s-4 bg-white p-5 transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2"
      style={{ borderInlineStartColor: et.color }}
    >
      <span className="font-semibold text-base text-slate-900">{et.title}</span>
      <span className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-500 text-sm">
        <span className="flex items-center gap-1.5">
          <Clock size={15} aria-hidden /> {formatDuration(et.duration)}
        </span>
        {location && (
          <span className="flex items-center gap-1.5">
            <LocationIcon type={location.type} size={15} /> {location.displayName}
          </span>
        )}
      </span>
      {et.description && (
        <span className="mt-3 line-clamp-2 text-slate-600 text-sm leading-6">{et.description}</span>
      )}
      <span className="mt-auto flex items-center gap-1 pt-4 font-medium text-accent-strong text-sm">
        {t("profile.select")}{" "}
        <span className="transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5">
          →
        </span>
      </span>
    </Link>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label={t("profile.loading")} className="flex flex-col items-center">
      <Skeleton className="size-18 rounded-full" />
      <Skeleton className="mt-4 h-7 w-48" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-10 grid w-full gap-4 border-slate-200 border-t pt-8 sm:grid-cols-2">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}
