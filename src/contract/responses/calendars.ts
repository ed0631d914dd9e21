import { z } from "zod";
import type { CalendarAccountDto, CalendarSyncDto } from "../calendars.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const calendarAccountSchema = z.object({
  _id: z.string(),
  id: z.string(),
  provider: z.enum(["google", "caldav"]),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  serverUrl: z.string().nullable(),
  isActive: z.boolean(),
  isPrimary: z.boolean(),
  tokenExpiry: isoDateTime.nullable(),
  lastUsed: isoDateTime.nullable(),
  lastError: z.string().nullable(),
  calendars: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      color: z.string().nullable(),
      checkConflicts: z.boolean(),
      allDayBusy: z.boolean(),
      receivesBookings: z.boolean(),
    }),
  ),
});
true satisfies Agrees<z.input<typeof calendarAccountSchema>, CalendarAccountDto>;

/** A booking's calendar event; `meetLink` is the Google Meet link the provider made, if any. */
const calendarSyncSchema = z.object({
  state: z.enum(["pending", "synced", "failed"]),
  account: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number(),
  meetLink: z.string().nullable(),
});
true satisfies Agrees<Omit<z.input<typeof calendarSyncSchema>, "meetLink">, CalendarSyncDto>;

export const calendarsResponses = {
  list: { 200: envelope(z.array(calendarAccountSchema)) },
  connected: { 201: envelope(calendarAccountSchema) },
  account: { 200: envelope(calendarAccountSchema) },
  done: { 200: doneEnvelope },
  /** The provider's consent page to open in the popup. */
  connectUrl: { 200: envelope(z.object({ authUrl: z.string() })) },
  googleStatus: {
    200: envelope(
      z.object({
        connected: z.boolean(),
        email: z.string().nullable(),
        accounts: z.number(),
        needsReconnect: z.boolean(),
      }),
    ),
  },
  /** By booking id: how that booking's calendar event is doing (bookings without one are left out). */
  syncStates: { 200: envelope(z.record(z.string(), calendarSyncSchema)) },
};
