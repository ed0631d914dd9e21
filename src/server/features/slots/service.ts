import type { Slot } from "../../../contract/bookings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { noticeMinutes } from "../../../contract/event-types.js";
import {
  computeSlots,
  daysWithSlots,
  formatDate,
  localDateRange,
  type SlotQuery,
  slotsForLocalDate,
} from "../../../domain/availability/index.js";
import { type Interval, subtractIntervals } from "../../../domain/intervals.js";
import type { Db } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import { effectiveRules } from "../calendar-settings/service.js";
import type { HolidaysService } from "../holidays/service.js";
import { createSlotsRepo, type EventContext, type EventRef } from "./repo.js";

const DAY_MS = 86_400_000;
/** Range margin around a lookup: covers every zone offset, buffers (<= 1 day) and durations (<= 8 h). */
const MARGIN_MS = 2 * DAY_MS;
const HOLIDAY_CACHE_MAX = 5000;
const EVENT_NOT_FOUND = "Event type not found";

export type { EventContext, EventRef };

/** Group events share a slot between seats; everything else holds the host alone. */
export const isSeated = (ctx: Pick<EventContext, "eventType">) =>
  ctx.eventType.kind === "group" || ctx.eventType.maxInvitees > 1;

/** The slot key of a booking: shared by the seats of one group slot, else the booking's own id. */
export function slotKeyFor(ctx: Pick<EventContext, "eventType">, start: Date, bookingId: string): string {
  return isSeated(ctx) ? `${ctx.eventType.id}/${start.toISOString()}` : bookingId;
}

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
    holidays: HolidaysService;
    now: () => Date;
    externalBusy?: ExternalBusySource;
    /** The event type of a /{username}/{slug} whose username was given up lately (it still redirects). */
    formerUsernameRef?: (username: string, slug: string) => Promise<string | undefined>;
  },
) {
  const repo = createSlotsRepo(db);
  // Holidays change rarely and cost two queries; the context query reads a stamp that changes with them.
  const holidayCache = new Map<string, Promise<string[]>>();

  function blockedDates(ctx: EventContext, fromDate: string, toDate: string): Promise<string[]> {
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
   * Loads the event type and what its slots depend on, for instants [from, to); the busy bookings
   * only those overlapping `busy` when given.
   */
  async function load(ref: EventRef, from: number, to: number, busy?: { from: number; to: number }) {
    const lo = from - MARGIN_MS;
    const hi = to + MARGIN_MS;
    const fromDate = formatDate(Math.floor(lo / DAY_MS));
    const toDate = formatDate(Math.floor(hi / DAY_MS));
    const range = { fromDate, toDate, from: new Date(busy?.from ?? lo), to: new Date(busy?.to ?? hi) };
    let ctx = await repo.loadContext(ref, range);
    if (!ctx && "user" in ref && ref.user && deps.formerUsernameRef) {
      // Only a miss pays for this: pages of an old username keep working while it redirects.
      const id = await deps.formerUsernameRef(ref.user, ref.slug);
      if (id) ctx = await repo.loadContext({ id }, range);
    }
    if (!ctx) return undefined;
    const external =
      deps.externalBusy && ctx.schedule
        ? await deps.externalBusy(
            ctx.host.id,
            { from: busy?.from ?? lo, to: busy?.to ?? hi },
            ctx.schedule.timezone,
          )
        : { busy: [], stale: false };
    return { ctx, fromDate, toDate, external };
  }

  /**
   * The engine query of an event type: its schedule's week and overrides, holidays, buffers and
   * notice (never below the host-wide settings or the event type's own notice), window, and the
   * host's confirmed bookings: seats of this group event count per slot, all others are busy.
   */
  async function engineQuery(
    ctx: EventContext,
    fromDate: string,
    toDate: string,
    external: { busy: Interval[] },
    excludeBookingId?: string,
  ): Promise<Omit<SlotQuery, "from" | "to"> | null> {
    const { eventType, schedule } = ctx;
    if (!schedule) return null;
    const rules = effectiveRules(schedule, ctx.settings ?? DEFAULT_CALENDAR_SETTINGS);
    const seated = isSeated(ctx);
    const durationMs = eventType.duration * 60_000;
    const busy: SlotQuery["busy"] = [];
    const taken = new Map<number, number>();
    for (const [start, end, slotKey, eventTypeId, id] of ctx.busy) {
      if (id === excludeBookingId) continue;
      const sameSlotFamily =
        seated &&
        eventTypeId === eventType.id &&
        slotKey.startsWith(`${eventType.id}/`) &&
        end - start === durationMs;
      if (sameSlotFamily) taken.set(start, (taken.get(start) ?? 0) + 1);
      else busy.push({ start, end });
    }
    // The events we wrote for bookings come back as the calendar's busy times; the bookings themselves
    // already count above (or are being moved, or share seats), so their times are cut out.
    const ours = ctx.busy.map(([start, end]) => ({ start, end }));
    busy.push(...subtractIntervals(external.busy, ours));
    const settings = eventType.bookingSettings;
    return {
      timeZone: schedule.timezone,
      weekly: schedule.weekly,
      overrides: ctx.overrides,
      holidays: await blockedDates(ctx, fromDate, toDate),
      durationMinutes: eventType.duration,
      bufferBeforeMinutes: rules.bufferTimeBefore,
      bufferAfterMinutes: rules.bufferTimeAfter,
      minimumNoticeMinutes: Math.max(rules.minimumNotice, noticeMinutes(settings)),
      maximumNoticeDays: schedule.maximumNotice,
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

  async function activeContext(ref: EventRef, from: number, to: number) {
    const loaded = await load(ref, from, to);
    if (!loaded?.ctx.eventType.isActive) throw notFound(EVENT_NOT_FOUND);
    return loaded;
  }

  return {
    /** Slots starting on a date of the invitee's zone, labelled in that zone. */
    async forDate(
      ref: EventRef,
      date: string,
      zone: string,
      excludeBookingId?: string,
      report?: LookupReport,
    ): Promise<Slot[]> {
      const range = localDateRange(date, zone);
      const { ctx, fromDate, toDate, external } = await activeContext(ref, range.from, range.to);
      if (report) report.calendarsStale = external.stale;
      const q = await engineQuery(ctx, fromDate, toDate, external, excludeBookingId);
      return q ? slotsForLocalDate(q, date, zone) : [];
    },

    /** Dates of a month (invitee zone) with at least one slot. */
    async daysInMonth(
      ref: EventRef,
      month: string,
      zone: string,
      excludeBookingId?: string,
      report?: LookupReport,
    ): Promise<string[]> {
      const first = localDateRange(`${month}-01`, zone).from;
      const last = localDateRange(`${nextMonth(month)}-01`, zone).from;
      const { ctx, fromDate, toDate, external } = await activeContext(ref, first, last);
      if (report) report.calendarsStale = external.stale;
      const q = await engineQuery(ctx, fromDate, toDate, external, excludeBookingId);
      return q ? daysWithSlots(q, month, zone) : [];
    },

    /**
     * The event type (active or not; the caller decides) and whether `start` is one of its
     * bookable slots right now, ignoring `excludeBookingId` as busy time (a reschedule).
     */
    async check(
      ref: EventRef,
      start: Date,
      excludeBookingId?: string,
    ): Promise<{ ctx: EventContext; bookable: boolean; taken: boolean } | undefined> {
      const t = start.getTime();
      // Only bookings that can overlap this slot and its buffers (each at most a day, a slot at most
      // 8 hours) decide it: a booking reads a few rows of a busy host's calendar, not five days of it.
      const loaded = await load(ref, t, t + DAY_MS, { from: t - DAY_MS, to: t + 2 * DAY_MS });
      if (!loaded) return undefined;
      const q = await engineQuery(
        loaded.ctx,
        loaded.fromDate,
        loaded.toDate,
        loaded.external,
        excludeBookingId,
      );
      if (!q) return { ctx: loaded.ctx, bookable: false, taken: false };
      const isSlot = (query: Omit<SlotQuery, "from" | "to">) =>
        computeSlots({ ...query, from: t - DAY_MS, to: t + DAY_MS }).includes(t);
      const bookable = isSlot(q);
      // A slot only other bookings keep free was real a moment ago: the caller says "taken", not "unavailable".
      // (A time the host's own calendar blocks reads as taken too.)
      const taken = !bookable && isSlot({ ...q, busy: [], seats: undefined });
      return { ctx: loaded.ctx, bookable, taken };
    },
  };
}

export type SlotsService = ReturnType<typeof createSlotsService>;

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}
