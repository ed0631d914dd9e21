import fp from "fastify-plugin";
import { webhooksRoutes } from "./routes.js";
import { createWebhooksService, type WebhooksService } from "./service.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Webhook subscriptions, for the public API's thin `/api/v1/webhooks` layer. */
    webhooks: { service: WebhooksService };
  }
}

/**
 * Webhook subscriptions (issue 26): hosts' URLs receive booking and contact events, signed, retried and
 * logged; a subscription that keeps failing is switched off and its host mailed.
 */
export const webhooksPlugin = fp(
  async (app) => {
    const { db, now, config, secrets, outbound } = app.infra;
    const webhooks = createWebhooksService(db, { now, secrets, outbound, publicUrl: config.publicUrl });
    webhooks.registerJobs(app.jobs);
    app.bookings.listeners.add(webhooks.bookingListener);
    app.contacts.listeners.add(webhooks.contactListener);
    app.users.accountParts.add({ name: "webhooks", export: (user) => webhooks.exportFor(user.id) });
    app.decorate("webhooks", { service: webhooks });
    app.apiRoutes.add((api) => api.register(webhooksRoutes, { webhooks }));
  },
  { name: "webhooks", dependencies: ["users", "bookings", "contacts"] },
);
