import { z } from "zod";

/** Statuses of spec section 4: Active in the picker, Connected in Calendar Settings. */
export type AccountStatus = "Active" | "Connected" | "Expiring Soon" | "Expired";

/** The token expiring-soon window (spec section 9). */
export const EXPIRING_SOON_MS = 24 * 60 * 60 * 1000;

export interface ConnectedCalendarDto {
  _id: string;
  name: string;
  color: string | null;
  /** Its busy times block slots. */
  checkConflicts: boolean;
  /** All-day events in it count as busy. */
  allDayBusy: boolean;
  /** Bookings made through this account are written into it. */
  receivesBookings: boolean;
}

/**
 * A connected calendar account (spec "Google account", plus CalDAV). `tokenExpiry` is when the
 * connection stops working without the host: null while the server holds a refresh token that works
 * (it renews access tokens itself), the last access token's end once a refresh was refused.
 */
export interface CalendarAccountDto {
  _id: string;
  id: string;
  provider: "google" | "caldav";
  email: string;
  name: string;
  picture: string | null;
  /** CalDAV: the server's address. */
  serverUrl: string | null;
  isActive: boolean;
  isPrimary: boolean;
  tokenExpiry: string | null;
  lastUsed: string | null;
  /** Why the last call to the provider failed, in words; null when it worked. */
  lastError: string | null;
  calendars: ConnectedCalendarDto[];
}

/**
 * Section 4's rules: Expired when the connection has run out (or was refused), Expiring Soon with
 * under 24 hours left, else Active (picker) or Connected (Calendar Settings).
 */
export function accountStatus(
  account: Pick<CalendarAccountDto, "isActive" | "tokenExpiry">,
  now: number,
  place: "picker" | "settings",
): AccountStatus {
  const ok = place === "picker" ? "Active" : "Connected";
  if (!account.isActive) return "Expired";
  if (!account.tokenExpiry) return ok;
  const left = Date.parse(account.tokenExpiry) - now;
  if (left <= 0) return "Expired";
  if (left < EXPIRING_SOON_MS) return "Expiring Soon";
  return ok;
}

/** The account picked when an event type names none: the primary, else the first active one. */
export function defaultAccount<T extends Pick<CalendarAccountDto, "isActive" | "isPrimary">>(
  accounts: T[],
): T | undefined {
  return accounts.find((a) => a.isPrimary && a.isActive) ?? accounts.find((a) => a.isActive);
}

const trimmed = (max: number, message: string) =>
  z.string({ message }).trim().min(1, message).max(max, message);

/** POST /calendar-accounts/caldav */
export const connectCaldavBody = z
  .object({
    serverUrl: z
      .string({ message: "Enter the server address" })
      .trim()
      .max(500, "Enter the server address")
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
        } catch {
          return false;
        }
      }, "Enter an http(s) address, e.g. https://caldav.fastmail.com/"),
    username: trimmed(200, "Enter the user name"),
    password: z.string({ message: "Enter the app password" }).min(1, "Enter the app password").max(500),
  })
  .strict();
export type ConnectCaldavBody = z.infer<typeof connectCaldavBody>;

/** PUT /calendar-accounts/{id}/calendars/{calendarId}: any subset. */
export const updateConnectedCalendarBody = z
  .object({
    checkConflicts: z.boolean().optional(),
    allDayBusy: z.boolean().optional(),
    /** Only true is meaningful: it moves the account's booking calendar here. */
    receivesBookings: z.literal(true, { message: "Choose the calendar that receives bookings" }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Choose a setting to change: checkConflicts, allDayBusy or receivesBookings",
  });
export type UpdateConnectedCalendarBody = z.infer<typeof updateConnectedCalendarBody>;

export const accountCalendarParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  calendarId: z.uuid({ message: "Invalid id" }),
});

/** How a booking's calendar event is doing, shown on the meeting. */
export interface CalendarSyncDto {
  state: "pending" | "synced" | "failed";
  /** Provider and account the event went (or goes) to. */
  account: string | null;
  lastError: string | null;
  attempts: number;
}
