import { z } from "zod";
import { bookingLimitsSchema } from "../booking-limits.js";
import { eventTypeTranslationsSchema } from "../event-type-translations-schema.js";
import {
  EVENT_KINDS,
  type EventTypeDto,
  LOCATION_TYPES,
  MISSING_PARTS,
  QUESTION_TYPES,
} from "../event-types.js";
import { LOCALES } from "../languages.js";
import { PHONE_FIELD_MODES } from "../phone-field.js";
import { recurrenceSchema } from "../recurrence.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

export const locationSchema = z.object({
  type: z.enum(LOCATION_TYPES),
  value: z.string(),
  displayName: z.string(),
});

/** What an event type's settings hold once stored (the body's defaults applied). */
const bookingSettings = z.object({
  daysAhead: z.number(),
  unit: z.enum(["days", "weekdays"]),
  leadHours: z.number(),
  noticeUnit: z.enum(["minutes", "hours", "days"]),
  mode: z.enum(["rolling", "within", "indefinite"]),
  withinStart: z.string().optional(),
  withinEnd: z.string().optional(),
  rangeLabel: z.string().optional(),
  bufferBefore: z.number().optional(),
  bufferAfter: z.number().optional(),
  showAttendees: z.boolean().optional(),
});

export const eventTypeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  name: z.string(),
  type: z.enum(EVENT_KINDS),
  duration: z.number(),
  description: z.string(),
  color: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  locations: z.array(locationSchema),
  bookingSettings,
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      type: z.enum(QUESTION_TYPES),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
    }),
  ),
  phoneField: z.enum(PHONE_FIELD_MODES),
  maxInvitees: z.number(),
  confirmation: z.object({
    required: z.boolean(),
    noticeHours: z.number().nullable(),
    expiryHours: z.number(),
  }),
  bookingLimits: bookingLimitsSchema,
  recurrence: recurrenceSchema,
  availabilityScheduleId: z.string().nullable(),
  googleAccountId: z.string().nullable(),
  language: z.enum(LOCALES).nullable(),
  translations: eventTypeTranslationsSchema,
  user: z.object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    timezone: z.string(),
    timeFormat: z.enum(["12h", "24h"]),
    weekStart: z.enum(["sunday", "monday"]),
    language: z.enum(LOCALES).nullable(),
  }),
  fixedTimes: z.array(z.string()),
  expiresAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  team: z
    .object({ _id: z.string(), name: z.string(), slug: z.string(), logo: z.string().nullable() })
    .nullable(),
  hosts: z.array(z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() })),
  missing: z.array(z.enum(MISSING_PARTS)),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof eventTypeSchema>, EventTypeDto>;

export const eventTypeResponses = {
  list: { 200: envelope(z.array(eventTypeSchema)) },
  created: { 201: envelope(eventTypeSchema) },
  one: { 200: envelope(eventTypeSchema) },
  deleted: { 200: doneEnvelope },
  duplicated: { 201: envelope(eventTypeSchema) },
};
