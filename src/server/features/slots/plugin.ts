import fp from "fastify-plugin";
import { createRegistry, type Registry } from "../../lib/registry.js";
import { createSlotsService, type ExternalBusySource, type SlotsService } from "./service.js";

/** What other features may use of slots. */
export interface SlotsFeature {
  service: SlotsService;
  /** Whose busy times block slots besides the host's bookings (connected calendars add theirs). */
  busySources: Registry<ExternalBusySource>;
}

declare module "fastify" {
  interface FastifyInstance {
    slots: SlotsFeature;
  }
}

/** Slots: the free times of an event type, for the booking page and for booking (no routes of its own). */
export const slotsPlugin = fp(
  async (app) => {
    const busySources = createRegistry<ExternalBusySource>();
    const slots = createSlotsService(app.infra.db, {
      holidays: app.holidays.service,
      now: app.infra.now,
      busySources: busySources.items,
      formerUsernameRef: app.eventTypes.service.formerUsernameRef,
    });
    app.decorate("slots", { service: slots, busySources });
  },
  { name: "slots", dependencies: ["holidays", "event-types"] },
);
