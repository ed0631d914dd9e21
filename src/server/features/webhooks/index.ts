// What other features (the public API's /api/v1/webhooks) may import of webhooks besides the plugin's
// decoration (`app.webhooks.service`); check-structure.mjs keeps this file to re-exports.
export type { WebhooksService } from "./service.js";
export { createWebhooksService } from "./service.js";
