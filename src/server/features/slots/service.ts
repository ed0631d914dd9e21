import type { FreeSlotsQuery, Slot } from "../../../contract/bookings.js";
import { bookingSettingsSchema, effectiveRules } from "../../../contract/event-types.js";
import { fixedSlots } from "../../../domain/availability/fixed-slots.js";
import {
  computeSlots,
  daysWithSlotsOf,
  formatDate,
  type HostQuery,
  localDateRange,
  type SlotQuery,
  type SlotSource,
  slotsAllOf,
  slotsAnyOf,
  slotsForLocalDateOf,
} from "../../../domain/availability/index.js";
import { type Interval, subtractIntervals } from "../../../domain/intervals.js";
import type { Db } from "../../db/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { missingParts } from "../event-types/service-bookable.js";
import type { HolidaysService } from "../holidays/service.js";
import {
  createSlotsRepo,
  type EventContext,
  type EventRef,
  type HostContext,
  type TeamHostContext,
} from "./repo.js";
import { MOVING, SEAT } from "./repo-busy.js";
import { type Excluded, freeTeamHosts, withinLimits } from "./service-limits.js";
import { gridZone, isOpen, isSeated, nextMonth, withSeatsLeft } from "./service-rules.js";

const DAY_MS = 86_400_000;
/** Range margin around a lookup: covers every zone offset, buffers (<= 1 day) and durations (<= 8 h). */
const MARGIN_MS = 2 * DAY_MS;
const HOLIDAY_CACHE_MAX = 5000;
const EVENT_NOT_FOUND = "Event type not found";

export { limitRulesOf, teamHostRules } from "./service-limits.js";
export { gridZone, isOpen, isSeated, slotKeyFor } from "./service-rules.js";
export type { EventContext, EventRef, HostContext, TeamHostContext };

/** Who asks for slots, when it matters: the signed-in user's id, else undefined. */
export type Viewer = () => Promise<string | undefined>;

const missingOf = (ctx: EventContext) => missingParts(ctx.eventType, ctx.teamHosts?.length ?? 0);

/**
 * Busy times of the host's connected calendars for instants [from, to); `zone` reads all-day events.
 * `stale` when some provider answered late or not at all and older busy times stood in.
 */
export type ExternalBusySource = (
  hostId: string,
  range: { from: number; to: number },
  zone: string,
) => Promise<{ busy: Interval[]; stale: boolean }>;

/** Filled in by a lookup: whether connected calendars' busy times were fresh. */
export interface LookupReport {
  calendarsStale?: boolean;
}

export function createSlotsService(
  db: Db,
  deps: {
    holidays: Pick<HolidaysService, "blockedDates">;
    now: () => Date;
    /** Whose busy times block slots besides the host's bookings (connected calendars add theirs). */
    busySources: readonly ExternalBusySource[];
    /** The event type of a /{username}/{slug} whose username was given up lately (it still redirects). */
    formerUsernameRef?: (username: string, slug: string) => Promise<string | undefined>;
  },
) {
  const repo = createSlotsRepo(db);
  const externalBusyOf: ExternalBusySource = async (hostId, range, zone) => {
    const [first, ...more] = await Promise.all(deps.busySources.map((source) => source(hostId, range, zone)));
    if (more.length === 0) return first;
    return {
      busy: [first, ...more].flatMap((answer) => answer.busy),
      stale: [first, ...more].some((answer) => answer.stale),
    };
  };
  // Holidays change rarely and cost two queries; the context query reads a stamp that changes with them.
  const holidayCache = new Map<string, Promise<string[]>>();

  function blockedDates(ctx: HostContext, fromDate: string, toDate: string): Promise<string[]> {
    const key = `${ctx.host.id}|${fromDate}|${toDate}|${ctx.holidayStamp}`;
    let hit = holidayCache.get(key);
    if (!hit) {
      if (holidayCache.size >= HOLIDAY_CACHE_MAX) holidayCache.clear();
      hit = deps.holidays.blockedDates(ctx.host.id, fromDate, toDate);
      hit.catch(() => holidayCache.delete(key));
      holidayCache.set(key, hit);
    }
    return hit;
  }

  /**
   * Loads the event type and what its slots depend on, for instants [from, to). With `meeting`, the
   * lookup decides one start: busy bookings are only those a meeting starting then can overlap, and
   * connected calendars are read for `meeting.around`.
   */
  async function load(
    ref: EventRef,
    from: number,
    to: number,
    meeting?: { at: number; around: { from: number; to: number } },
    excluded?: Excluded,
  ) {
    const lo = from - MARGIN_MS;
    const hi = to + MARGIN_MS;
    const fromDate = formatDate(Math.floor(lo / DAY_MS));
    const toDate = formatDate(Math.floor(hi / DAY_MS));
    const dates = { fromDate, toDate, from: new Date(lo), to: new Date(hi) };
    const at = meeting ? new Date(meeting.at) : undefined;
    let ctx = await repo.loadContext(ref, dates, at, excluded);
    if (!ctx && "user" in ref && ref.user && deps.formerUsernameRef) {
      // Only a miss pays for this: pages of an old username keep working while it redirects.
      const id = await deps.formerUsernameRef(ref.user, ref.slug);
      if (id) ctx = await repo.loadContext({ id }, dates, at, excluded);
    }
    if (!ctx) return undefined;
    // Each host's connected calendars, read for their own schedule's zone.
    const range = meeting?.around ?? { from: lo, to: hi };
    const external = new Map<string, Interval[]>();
    let stale = false;
    if (deps.busySources.length > 0) {
      const hosts = (ctx.teamHosts ?? [ctx]).filter((h) => h.schedule);
      const answers = await Promise.all(
        hosts.map((h) => externalBusyOf(h.host.id, range, h.schedule?.timezone ?? h.host.timezone)),
      );
      hosts.forEach((h, i) => {
        external.set(h.host.id, answers[i].busy);
        stale ||= answers[i].stale;
      });
    }
    return { ctx, fromDate, toDate, external: { byHost: external, stale } };
  }

  /**
   * The engine query of one host of an event type: their schedule's zone, week and overrides, their
   * holidays, and the host's confirmed bookings (seats of this group event count per slot, all others
   * are busy) plus their connected calendars' busy time. Buffers, minimum notice and the booking
   * window come from the event type, with the host's Calendar Settings as floors under the buffers and
   * the notice (each host's own, on a team type); the schedule's fields of the same names are kept for
   * the API but applied nowhere (ARCHITECTURE.md, "Booking rules").
   */
  async function engineQuery(
    eventType: Pick<
      EventContext["eventType"],
      "id" | "kind" | "maxInvitees" | "duration" | "bookingSettings"
    >,
    hc: HostContext,
    fromDate: string,
    toDate: string,
    externalBusy: Interval[],
  ): Promise<Omit<SlotQuery, "from" | "to"> | null> {
    const { schedule } = hc;
    if (!schedule) return null;
    const seated = isSeated({ eventType });
    const durationMs = eventType.duration * 60_000;
    const busy: SlotQuery["busy"] = [];
    const taken = new Map<number, number>();
    for (const [start, end, kind] of hc.busy) {
      if (kind === MOVING) continue;
      // A seat of this type's own slots (the repo compares type and slot key) shares its slot.
      const sameSlotFamily = seated && kind === SEAT && end - start === durationMs;
      if (sameSlotFamily) taken.set(start, (taken.get(start) ?? 0) + 1);
      else busy.push({ start, end });
    }
    // The events we wrote for bookings come back as the calendar's busy times; the bookings themselves
    // already count above (or are being moved, or share seats), so their times are cut out.
    if (externalBusy.length > 0) {
      const ours = hc.busy.map(([start, end]) => ({ start, end }));
      busy.push(...subtractIntervals(externalBusy, ours));
    }
    const settings = eventType.bookingSettings;
    const rules = effectiveRules(settings, hc.settings);
    return {
      timeZone: schedule.timezone,
      weekly: schedule.weekly,
      overrides: hc.overrides,
      holidays: await blockedDates(hc, fromDate, toDate),
      durationMinutes: eventType.duration,
      bufferBeforeMinutes: rules.bufferBefore,
      bufferAfterMinutes: rules.bufferAfter,
      minimumNoticeMinutes: rules.notice,
      window: {
        mode: settings.mode,
        daysAhead: settings.daysAhead,
        unit: settings.unit,
        withinStart: settings.withinStart,
        withinEnd: settings.withinEnd,
      },
      busy,
      seats: seated
        ? { capacity: eventType.maxInvitees, taken: [...taken].map(([start, count]) => ({ start, count })) }
        : undefined,
      now: deps.now().getTime(),
    };
  }

  /** Each host of the event type with their engine query (hosts without a schedule offer nothing). */
  async function hostQueries(loaded: Loaded): Promise<HostQuery<HostContext>[]> {
    const { ctx, fromDate, toDate, external } = loaded;
    const hosts: HostContext[] = ctx.teamHosts ?? [ctx];
    const out: HostQuery<HostContext>[] = [];
    for (const hc of hosts) {
      const extra = external.byHost.get(hc.host.id) ?? [];
      const q = await engineQuery(ctx.eventType, hc, fromDate, toDate, extra);
      if (q) out.push({ host: hc, query: { ...q, from: 0, to: 0 } });
    }
    return out;
  }

  /**
   * Where the slots of an event type come from: one host's engine; round robin: any host free;
   * collective: every host free (and no slot without hosts); a one-off with chosen times: those
   * times, free; a closed or expired one-off or a meeting poll: none.
   */
  function sourceOf(
    ctx: EventContext,
    hosts: HostQuery<HostContext>[],
    excludeBookingId?: Excluded,
  ): SlotSource {
    return withinLimits(unlimitedSourceOf(ctx, hosts), ctx, excludeBookingId, hosts);
  }

  /** sourceOf without the booking limits. */
  function unlimitedSourceOf(ctx: EventContext, hosts: HostQuery<HostContext>[]): SlotSource {
    const et = ctx.eventType;
    const withRange = (range: { from: number; to: number }) => hosts.map((h) => ({ ...h.query, ...range }));
    if (!isOpen(et, deps.now())) return () => [];
    // A team kind without hosts has nobody to meet (never its creator's own slots).
    if (missingOf(ctx).includes("hosts")) return () => [];
    if (et.kind === "one-off" && et.fixedTimes.length > 0) {
      const times = et.fixedTimes.map((t) => Date.parse(t));
      return (range) => (hosts[0] ? fixedSlots(times, { ...hosts[0].query, ...range }) : []);
    }
    if (ctx.teamHosts && et.kind === "collective") {
      // Every chosen host must have a schedule; one without hours makes the event unbookable.
      if (hosts.length === 0 || hosts.length < ctx.teamHosts.length) return () => [];
      return (range) => slotsAllOf(withRange(range), gridZone(ctx));
    }
    if (ctx.teamHosts) return (range) => slotsAnyOf(withRange(range), gridZone(ctx));
    return (range) => (hosts[0] ? computeSlots({ ...hosts[0].query, ...range }) : []);
  }

  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

  /**
   * An active event type's context. One still incomplete (missingParts) is offered to nobody but its
   * owner, whose editor picks a poll's proposed times from these very slots.
   */
  async function activeContext(ref: EventRef, from: number, to: number, viewer?: Viewer, moving?: Excluded) {
    const loaded = await load(ref, from, to, undefined, moving);
    if (!loaded?.ctx.eventType.isActive) throw notFound(EVENT_NOT_FOUND);
    if (missingOf(loaded.ctx).length > 0 && (await viewer?.()) !== loaded.ctx.host.id) {
      throw new AppError("EVENT_TYPE_INCOMPLETE", "This event type is not ready for booking yet");
    }
    return loaded;
  }

  return {
    /**
     * The host's own free starts of a date for a meeting of `duration` minutes on one of their
     * schedules, under a new event type's default rules: the create dialog's time picker.
     */
    async hostFreeSlots(userId: string, q: FreeSlotsQuery): Promise<Slot[]> {
      const range = localDateRange(q.date, q.timezone);
      const [lo, hi] = [range.from - MARGIN_MS, range.to + MARGIN_MS];
      const fromDate = formatDate(Math.floor(lo / DAY_MS));
      const toDate = formatDate(Math.floor(hi / DAY_MS));
      const dates = { fromDate, toDate, from: new Date(lo), to: new Date(hi) };
      const hc = await repo.hostContext(userId, q.scheduleId ?? null, dates);
      if (!hc?.schedule) return [];
      const external =
        deps.busySources.length > 0
          ? (await externalBusyOf(userId, { from: lo, to: hi }, hc.schedule.timezone)).busy
          : [];
      const draft = { ...DRAFT_EVENT_TYPE, duration: q.duration };
      const query = await engineQuery(draft, hc, fromDate, toDate, external);
      if (!query) return [];
      return slotsForLocalDateOf((r) => computeSlots({ ...query, ...r }), q.date, q.timezone);
    },

    /** Slots starting on a date of the invitee's zone, labelled in that zone. */
    async forDate(
      ref: EventRef,
      date: string,
      zone: string,
      excludeBookingId?: Excluded,
      report?: LookupReport,
      viewer?: Viewer,
    ): Promise<Slot[]> {
      const range = localDateRange(date, zone);
      const loaded = await activeContext(ref, range.from, range.to, viewer, excludeBookingId);
      if (report) report.calendarsStale = loaded.external.stale;
      const hosts = await hostQueries(loaded);
      const source = sourceOf(loaded.ctx, hosts, excludeBookingId);
      return withSeatsLeft(slotsForLocalDateOf(source, date, zone), hosts);
    },

    /** Dates of a month (invitee zone) with at least one slot. */
    async daysInMonth(
      ref: EventRef,
      month: string,
      zone: string,
      excludeBookingId?: Excluded,
      report?: LookupReport,
      viewer?: Viewer,
    ): Promise<string[]> {
      const first = localDateRange(`${month}-01`, zone).from;
      const last = localDateRange(`${nextMonth(month)}-01`, zone).from;
      const loaded = await activeContext(ref, first, last, viewer, excludeBookingId);
      if (report) report.calendarsStale = loaded.external.stale;
      const hosts = await hostQueries(loaded);
      return daysWithSlotsOf(sourceOf(loaded.ctx, hosts, excludeBookingId), month, zone);
    },

    /**
     * A month as the booking page first shows it, from one load: the dates with slots (invitee zone)
     * and the slots of the dates `pick` chooses from them (dates of that month).
     */
    async monthView(
      ref: EventRef,
      month: string,
      zone: string,
      pick: (days: string[]) => string[],
    ): Promise<{ days: string[]; slots: Record<string, Slot[]> }> {
      const first = localDateRange(`${month}-01`, zone).from;
      const last = localDateRange(`${nextMonth(month)}-01`, zone).from;
      const loaded = await activeContext(ref, first, last);
      const hosts = await hostQueries(loaded);
      const source = sourceOf(loaded.ctx, hosts);
      const days = daysWithSlotsOf(source, month, zone);
      const slots: Record<string, Slot[]> = {};
      const dayOf = (date: string) => withSeatsLeft(slotsForLocalDateOf(source, date, zone), hosts);
      for (const date of pick(days)) slots[date] = dayOf(date);
      return { days, slots };
    },

    /**
     * The event type (active or not; the caller decides) and whether `start` is one of its
     * bookable slots right now, ignoring `excludeBookingId` as busy time (a reschedule), with the
     * hosts free then (round robin: the candidates; collective: all of them when bookable).
     */
    async check(
      ref: EventRef,
      start: Date,
      excludeBookingId?: Excluded,
    ): Promise<
      | {
          ctx: EventContext;
          bookable: boolean;
          taken: boolean;
          /** Free but past a booking limit (issue 28). */
          limited: boolean;
          freeHosts: TeamHostContext[];
        }
      | undefined
    > {
      const t = start.getTime();
      // Only bookings that can overlap this meeting and its buffers decide it: a booking reads the few
      // rows of a busy host's calendar around it, not days of it (the repo's meetingWindow).
      const meeting = { at: t, around: { from: t - DAY_MS, to: t + 2 * DAY_MS } };
      const loaded = await load(ref, t, t + DAY_MS, meeting, excludeBookingId);
      if (!loaded) return undefined;
      const { ctx } = loaded;
      const hosts = await hostQueries(loaded);
      const around = { from: t - DAY_MS, to: t + DAY_MS };
      const bookable = sourceOf(ctx, hosts, excludeBookingId)(around).includes(t);
      const limited = !bookable && unlimitedSourceOf(ctx, hosts)(around).includes(t);
      // A slot only other bookings keep free was real a moment ago: the caller says "taken", not "unavailable".
      // (A time the host's own calendar blocks reads as taken too.)
      const unbooked = hosts.map((h) => ({ ...h, query: { ...h.query, busy: [], seats: undefined } }));
      const taken = !bookable && !limited && unlimitedSourceOf(ctx, unbooked)(around).includes(t);
      // Round robin's candidates: free then and within their own booking limits.
      const freeHosts = bookable && ctx.teamHosts ? freeTeamHosts(ctx, hosts, t, excludeBookingId) : [];
      return { ctx, bookable, taken, limited, freeHosts };
    },
  };
}

export type SlotsService = ReturnType<typeof createSlotsService>;

/** An event type not created yet: one host, one seat, the defaults a new event type gets. */
const DRAFT_EVENT_TYPE = {
  id: "draft",
  kind: "one-on-one" as const,
  maxInvitees: 1,
  bookingSettings: bookingSettingsSchema.parse({}),
};
