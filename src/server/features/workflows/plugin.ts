import fp from "fastify-plugin";
import { createLogTransport, createTwilioTransport } from "../../sms/transport.js";
import { workflowsRoutes } from "./routes.js";
import { createWorkflowsService } from "./service.js";
import { contactsCrm } from "./service-crm.js";

/** Workflows: mails, texts, webhooks and CRM entries around bookings, and the email reminders. */
export const workflowsPlugin = fp(
  async (app) => {
    const { db, now, config, secrets, outbound } = app.infra;
    const eventTypes = app.eventTypes.service;
    const workflows = createWorkflowsService(db, {
      bookings: app.bookings.service,
      eventTypeIds: async (user) => (await eventTypes.list(user)).map((et) => et._id),
      notificationsIn: app.calendarSettings.service.notificationsIn,
      hostZone: app.availability.hostZone,
      crm: contactsCrm(app.contacts.service),
      env: {
        publicUrl: config.publicUrl,
        allowPrivateTargets: outbound.allowPrivate,
        sms: config.smsUrl
          ? createTwilioTransport(config.smsUrl, config.smsFrom)
          : createLogTransport(app.log),
        secrets,
        resolve: outbound.resolve,
        connect: outbound.connect,
      },
      now,
    });
    workflows.registerJobs(app.jobs);
    app.bookings.listeners.add(workflows.onBookingChange);
    // Reminders follow the host's notification settings, inside the settings' transaction.
    app.calendarSettings.listeners.add(workflows.settingsListener);
    app.users.accountParts.add({ name: "workflows", export: (user) => workflows.list(user.id) });
    app.apiRoutes.add((api) => api.register(workflowsRoutes, { workflows }));
  },
  {
    name: "workflows",
    dependencies: ["users", "availability", "calendar-settings", "event-types", "bookings", "contacts"],
  },
);
