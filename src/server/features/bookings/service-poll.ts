import { randomUUID } from "node:crypto";
import type { BookingDto } from "../../../contract/bookings.js";
import { DEFAULT_LOCALE } from "../../../contract/languages.js";
import type { Db } from "../../db/client.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { announce } from "./events.js";
import { createBookingsRepo } from "./repo.js";
import type { BookingInsertRun } from "./repo-insert.js";
import type { BookingsDeps } from "./service.js";
import {
  type BookingMailer,
  EVENT_NOT_FOUND,
  gone,
  guarded,
  recordOf,
  toBookingDto,
} from "./service-records.js";

/** Booking a meeting poll (part of the bookings service, service.ts). */
export function createPollBooking(
  db: Db,
  deps: BookingsDeps,
  mailer: BookingMailer,
  /** The service's one kept insert (a kept statement is made once per database). */
  insertBooking: BookingInsertRun,
) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];
  const { mail } = mailer;
  return {
    /**
     * Books a meeting poll at one of its times: one booking, the first voter as its attendee and the
     * others as guests, so each gets their own invite; the poll closes with it. Only its host.
     */
    async bookPoll(
      hostId: string,
      eventTypeId: string,
      start: Date,
      people: { name: string; email: string }[],
    ): Promise<BookingDto> {
      const checked = await slots.check({ id: eventTypeId }, start);
      const ctx = checked?.ctx;
      if (!ctx || ctx.host.id !== hostId || ctx.eventType.kind !== "poll") throw notFound(EVENT_NOT_FOUND);
      if (!ctx.eventType.fixedTimes.includes(start.toISOString())) {
        throw badRequest("Choose one of the poll's times", { startTime: "Not a proposed time" });
      }
      const [first, ...others] = people;
      if (!first)
        throw badRequest("Nobody can attend this time yet.", { startTime: "No yes or if-need-be votes" });
      const id = randomUUID();
      const manageToken = randomToken(32);
      return guarded(() =>
        db.transaction(async (tx) => {
          const repo = createBookingsRepo(tx);
          if (!(await repo.lockOpenEventType(eventTypeId))) throw gone();
          const row = await insertBooking(tx, {
            id,
            uid: randomToken(16),
            hostUserId: ctx.host.id,
            eventTypeId,
            eventTitle: ctx.eventType.title,
            eventColor: ctx.eventType.color,
            eventSlug: ctx.eventType.slug,
            startTime: start,
            endTime: new Date(start.getTime() + ctx.eventType.duration * 60_000),
            slotKey: id,
            attendeeName: first.name,
            attendeeEmail: first.email,
            attendeePhone: "",
            attendeeTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
            // A poll's voters chose on the host's page: its fixed language, else the host's, else English.
            language: ctx.eventType.language ?? ctx.host.language ?? DEFAULT_LOCALE,
            hostTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
            location: ctx.eventType.locations[0] ?? null,
            answers: [],
            guests: others.map((p) => p.email).filter((e) => e !== first.email),
            message: "",
            manageTokenHash: sha256(manageToken),
          });
          await repo.closeEventType(eventTypeId, now(), row.id);
          const rec = recordOf(row, ctx);
          await mail(tx, "created", rec, { manageToken, notifyHost: true });
          await announce(listeners, tx, { kind: "created", booking: rec });
          return toBookingDto(rec, now());
        }),
      );
    },
  };
}
