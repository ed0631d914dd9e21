import fp from "fastify-plugin";
import { createRegistry, type Registry } from "../../lib/registry.js";
import type { BookingListener } from "./events.js";
import { bookingsRoutes } from "./routes.js";
import { bookingRequestRoutes } from "./routes-requests.js";
import { bookingSeriesRoutes } from "./routes-series.js";
import { slotsRoutes } from "./routes-slots.js";
import {
  type BookingGuard,
  type BookingsService,
  type CalendarCheck,
  createBookingsService,
  type MeetingMaker,
} from "./service.js";
import { type BookingPages, createBookingPages } from "./service-pages.js";

/** What other features may use of bookings: the service, and the registries of those that follow it. */
export interface BookingsFeature {
  service: BookingsService;
  /** The host's bookings in pages of a stable order (the public API's list). */
  pages: BookingPages;
  /** Features told of every change inside its transaction (events.ts): contacts, calendars, workflows. */
  listeners: Registry<BookingListener>;
  /** Who makes a google_meet booking's link before it commits (calendars). */
  meetingMakers: Registry<MeetingMaker>;
  /** Who knows whether a booking is on the host's calendar (calendars), for the invitee's pages. */
  calendarChecks: Registry<CalendarCheck>;
  /** Who may refuse a new booking before anything is written (the blocklist). */
  guards: Registry<BookingGuard>;
}

declare module "fastify" {
  interface FastifyInstance {
    bookings: BookingsFeature;
  }
}

/** Bookings: booking, moving and cancelling meetings, the host's meetings list, the slot lookup route. */
export const bookingsPlugin = fp(
  async (app) => {
    const { db, now, config } = app.infra;
    const listeners = createRegistry<BookingListener>();
    const meetingMakers = createRegistry<MeetingMaker>();
    const calendarChecks = createRegistry<CalendarCheck>();
    const guards = createRegistry<BookingGuard>();
    const slots = app.slots.service;
    const bookings = createBookingsService(db, {
      slots,
      calendarSettings: app.calendarSettings.service,
      now,
      publicUrl: config.publicUrl,
      listeners: listeners.items,
      meetingMakers: meetingMakers.items,
      calendarChecks: calendarChecks.items,
      guards: guards.items,
      mailConfigured: config.smtpUrl !== null,
    });
    bookings.registerJobs(app.jobs);
    app.users.accountParts.add({ name: "bookings", export: (user) => bookings.exportForHost(user.id) });
    // Upcoming meetings are cancelled (invitees told) before the cascade removes the rows.
    app.users.onDelete.add((tx, user) => bookings.cancelUpcomingForDeletedHost(tx, user.id));
    const pages = createBookingPages(db, { now });
    app.decorate("bookings", { service: bookings, pages, listeners, meetingMakers, calendarChecks, guards });
    app.apiRoutes.add(async (api) => {
      await api.register(slotsRoutes, { slots, excludable: bookings.excludable });
      await api.register(bookingsRoutes, {
        bookings,
        rateLimits: config.rateLimits,
        hostZone: app.availability.hostZone,
      });
      await api.register(bookingRequestRoutes, { bookings, rateLimits: config.rateLimits });
      await api.register(bookingSeriesRoutes, { bookings, rateLimits: config.rateLimits });
    });
  },
  { name: "bookings", dependencies: ["users", "calendar-settings", "availability", "slots"] },
);
