import { z } from "zod";
import { type ConfirmationSettings, confirmationSchema } from "./approval.js";
import { dateSchema } from "./availability.js";
import { type BookingLimits, bookingLimitsSchema } from "./booking-limits.js";
import {
  DURATION_MAX,
  DURATION_MIN,
  EVENT_KINDS,
  type EventKind,
  LINK_LOCATIONS,
  LOCATION_INFO,
  LOCATION_TYPES,
  type LocationType,
  MAX_LOCATIONS,
  type MissingPart,
  REPEATABLE_LOCATIONS,
} from "./event-type-constants.js";
import type { EventTypeTranslations } from "./event-type-translations.js";
import { eventTypeTranslationsSchema } from "./event-type-translations-schema.js";
import { LOCALES, type Locale } from "./languages.js";
import { PHONE_FIELD_MODES, type PhoneFieldMode } from "./phone-field.js";
import { type RecurrenceSettings, recurrenceSchema } from "./recurrence.js";

// The plain constants live apart, so screens that need only them load no zod (issue 30's first load).
export * from "./event-type-constants.js";

export const locationSchema = z.object({
  type: z.enum(LOCATION_TYPES),
  value: z.string().trim().max(500).default(""),
  displayName: z.string().trim().max(100).optional(),
});
export type Location = { type: LocationType; value: string; displayName: string };

export { PHONE_FIELD_MODES, type PhoneFieldMode, phoneRule } from "./phone-field.js";

/** Locations whose value is a join link the host pastes (Google Meet's may also come from a connected account). */

/**
 * The places an event type offers, in the order invitees see them: each type once, except in-person
 * and custom places, which may repeat with different values; a link must be a full http(s) address.
 */
export const locationsSchema = z
  .array(locationSchema)
  .max(MAX_LOCATIONS, `At most ${MAX_LOCATIONS} locations`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((l, i) => {
      const name = LOCATION_INFO[l.type]?.displayName ?? l.type;
      const value = l.value ?? "";
      // An in-person meeting nobody can find is not a place: the invitee must learn where to go.
      if (l.type === "in_person" && !value.trim()) {
        ctx.addIssue({ code: "custom", path: [i, "value"], message: "Enter the address" });
      }
      if (LINK_LOCATIONS.has(l.type) && value && !/^https?:\/\/\S+$/i.test(value)) {
        ctx.addIssue({
          code: "custom",
          path: [i, "value"],
          message: `Paste the full ${name} link, starting with https://`,
        });
      }
      const key = REPEATABLE_LOCATIONS.has(l.type) ? `${l.type}|${value.toLowerCase()}` : l.type;
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: REPEATABLE_LOCATIONS.has(l.type) ? [i, "value"] : [i, "type"],
          message: REPEATABLE_LOCATIONS.has(l.type)
            ? `This ${l.type === "in_person" ? "address" : "place"} is already in the list`
            : `${name} is already in the list`,
        });
      }
      seen.add(key);
    });
  });

export const QUESTION_TYPES = ["text", "textarea", "phone", "select", "radio", "checkbox"] as const;
export const questionSchema = z.object({
  id: z.string().max(64).optional(),
  question: z.string().trim().min(1, "Question text is required").max(300),
  type: z.enum(QUESTION_TYPES).default("text"),
  required: z.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
});
export type Question = {
  id: string;
  question: string;
  type: (typeof QUESTION_TYPES)[number];
  required: boolean;
  options?: string[];
};

/** A buffer is at most a day (the slot lookups read a day's margin around each range). */
export const BUFFER_MAX_MINUTES = 1440;

export const bookingSettingsSchema = z
  .object({
    daysAhead: z.number().int().min(1).max(3650).default(60),
    unit: z.enum(["days", "weekdays"]).default("days"),
    leadHours: z.number().int().min(0).max(10_000).default(4),
    noticeUnit: z.enum(["minutes", "hours", "days"]).default("hours"),
    mode: z.enum(["rolling", "within", "indefinite"]).default("rolling"),
    withinStart: dateSchema.optional(),
    withinEnd: dateSchema.optional(),
    rangeLabel: z.string().max(100).optional(),
    /**
     * Minutes kept free before and after each meeting of this event type. Optional so that a client
     * that predates them keeps the stored values (update) or gets none (create).
     */
    bufferBefore: z.number().int().min(0).max(BUFFER_MAX_MINUTES).optional(),
    bufferAfter: z.number().int().min(0).max(BUFFER_MAX_MINUTES).optional(),
    /**
     * Group kind (issue 28 item 2): each attendee sees the other attendees' names on their booking
     * page and in their confirmation mail. Off unless set; optional so an older client keeps it.
     */
    showAttendees: z.boolean().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.mode !== "within") return;
    // A start alone is one day: the date range picker stores a same-day pick so (spec section 5).
    if (!s.withinStart) ctx.addIssue({ code: "custom", path: ["withinStart"], message: "Pick a start date" });
    if (s.withinStart && s.withinEnd && s.withinEnd < s.withinStart) {
      ctx.addIssue({
        code: "custom",
        path: ["withinEnd"],
        message: "End date must be on or after the start date",
      });
    }
  });
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** Buffer choices of the event type drawer (minutes). */
export const BUFFER_CHOICES = [0, 5, 10, 15, 30, 45, 60] as const;

/**
 * The one source of each booking rule the slot engine applies (see ARCHITECTURE.md, "Booking rules"):
 * minimum notice, buffers and the booking window come from the event type's bookingSettings, the
 * host's Calendar Settings being floors under the buffers and notice (effectiveRules below).
 */
export function bufferMinutes(s: Pick<BookingSettings, "bufferBefore" | "bufferAfter">): {
  before: number;
  after: number;
} {
  return { before: s.bufferBefore ?? 0, after: s.bufferAfter ?? 0 };
}

/** Minimum notice of an event type in minutes. */
export function noticeMinutes(s: Pick<BookingSettings, "leadHours" | "noticeUnit">): number {
  const factor = { minutes: 1, hours: 60, days: 1440 }[s.noticeUnit];
  return s.leadHours * factor;
}

/** The host-wide floors of Calendar Settings (none when the host never saved them). */
export interface HostRuleFloors {
  bufferTime: number;
  minimumNotice: number;
}

/**
 * The buffers and notice the slot engine applies: the event type's, raised to the host's Calendar
 * Settings where those ask more (a host who wants a day's notice everywhere sets it once). `from`
 * says which one won, for the editor and the read-only summaries.
 */
export function effectiveRules(
  s: Pick<BookingSettings, "bufferBefore" | "bufferAfter" | "leadHours" | "noticeUnit">,
  floors: HostRuleFloors | null | undefined,
) {
  const own = bufferMinutes(s);
  const notice = noticeMinutes(s);
  const buffer = floors?.bufferTime ?? 0;
  const minimum = floors?.minimumNotice ?? 0;
  return {
    bufferBefore: Math.max(own.before, buffer),
    bufferAfter: Math.max(own.after, buffer),
    notice: Math.max(notice, minimum),
    from: {
      bufferBefore: buffer > own.before ? "host" : "event",
      bufferAfter: buffer > own.after ? "host" : "event",
      notice: minimum > notice ? "host" : "event",
    } as const,
  };
}

/** A meeting poll proposes at most this many times (and a one-off offers at most this many). */
export const MAX_FIXED_TIMES = 40;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Spec section 3: lower-case, runs of non-alphanumerics become one hyphen, no leading/trailing hyphens. */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "event";
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #3B82F6");

const eventTypeFields = {
  title: z.string().trim().min(1, "Event title is required").max(120),
  type: z.enum(EVENT_KINDS),
  duration: z
    .number()
    .int("Duration must be whole minutes")
    .min(DURATION_MIN, `Duration must be at least ${DURATION_MIN} minutes`)
    .max(DURATION_MAX, `Duration must be at most ${DURATION_MAX} minutes`),
  description: z.string().trim().max(5000),
  color: hexColor,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80)
    .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens"),
  isActive: z.boolean(),
  locations: locationsSchema,
  bookingSettings: bookingSettingsSchema,
  questions: z.array(questionSchema).max(30),
  /** The invitee's phone number on the booking form: required (default), optional or hidden. */
  phoneField: z.enum(PHONE_FIELD_MODES, { message: "Choose required, optional or hidden" }),
  maxInvitees: z.number().int().min(1).max(1000),
  /** A fixed language for the booking page and its mails (issue 27); null: the invitee's own. */
  language: z.enum(LOCALES, { message: "Choose a language" }).nullable(),
  /** The title and description in other languages (issue 27). */
  translations: eventTypeTranslationsSchema,
  /** Requires confirmation (issue 28): bookings are requests the host confirms or declines. */
  confirmation: confirmationSchema,
  /** At most N bookings / minutes per period of this event type (issue 28); {} is none. */
  bookingLimits: bookingLimitsSchema,
  /** Recurring event (issue 28 item 3): weekly, every 2 weeks or monthly, up to N occurrences; null: off. */
  recurrence: recurrenceSchema,
  availabilityScheduleId: z.string().uuid("Choose a schedule").nullable(),
  googleAccountId: z.string().max(100).nullable(),
  /** One-off: the times offered (empty = the host's availability); meeting poll: the proposed times. */
  fixedTimes: z
    .array(z.iso.datetime({ offset: true }))
    .max(MAX_FIXED_TIMES, `At most ${MAX_FIXED_TIMES} times`),
  /** One-off: when the link stops working. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
};

/** A team host of a round robin or collective type: weight (share of bookings) and priority (wins ties). */
export const hostEntry = z.object({
  userId: z.uuid({ message: "Invalid id" }),
  weight: z.number().int().min(1).max(100).default(1),
  priority: z.number().int().min(0).max(10).default(0),
});

/**
 * Round robin and collective: the team and the members who host, saved with the rest of the event
 * type. An empty list is kept (the type is then incomplete and not offered: see MISSING_PART_MESSAGES).
 */
export const eventTypeTeamBody = z.object({
  teamId: z.uuid({ message: "Choose a team" }),
  hosts: z.array(hostEntry).max(50),
});
export type EventTypeTeamBody = z.infer<typeof eventTypeTeamBody>;

/** Create: everything optional; the server fills the kind's defaults. `name` is accepted for `title`. */
export const createEventTypeBody = z
  .object({
    ...eventTypeFields,
    title: z.string().trim().max(120),
    name: z.string().trim().max(120),
    team: eventTypeTeamBody,
  })
  .partial();
export type CreateEventTypeBody = z.infer<typeof createEventTypeBody>;

/** Update: a partial of the fields; the title may not become empty. */
export const updateEventTypeBody = z.object({ ...eventTypeFields, team: eventTypeTeamBody }).partial();
export type UpdateEventTypeBody = z.infer<typeof updateEventTypeBody>;

export interface EventTypeDto {
  _id: string;
  title: string;
  name: string;
  type: EventKind;
  duration: number;
  description: string;
  color: string;
  slug: string;
  isActive: boolean;
  locations: Location[];
  bookingSettings: BookingSettings;
  questions: Question[];
  phoneField: PhoneFieldMode;
  maxInvitees: number;
  confirmation: ConfirmationSettings;
  bookingLimits: BookingLimits;
  recurrence: RecurrenceSettings;
  availabilityScheduleId: string | null;
  googleAccountId: string | null;
  /** The page's fixed language (issue 27); null: the invitee's. */
  language: Locale | null;
  translations: EventTypeTranslations;
  /** The host; the public link is /{user.username}/{slug}. */
  user: {
    _id: string;
    name: string;
    username: string;
    avatar: string | null;
    timezone: string;
    timeFormat: "12h" | "24h";
    weekStart: "sunday" | "monday";
    /** The host's default language; null: the invitee's. */
    language: Locale | null;
  };
  fixedTimes: string[];
  expiresAt: string | null;
  /** One-off booked or meeting poll booked/closed. */
  closedAt: string | null;
  /** Round robin and collective: the team and the hosts chosen from it. */
  team: { _id: string; name: string; slug: string; logo: string | null } | null;
  hosts: { _id: string; name: string; avatar: string | null }[];
  /** What it still needs before invitees are offered it; empty when complete. */
  missing: MissingPart[];
  createdAt: string;
  updatedAt: string;
}
