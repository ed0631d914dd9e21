// One file per feature's tables; drizzle-kit reads this folder.

export * from "./analytics.js";
export * from "./api-keys.js";
export * from "./availability.js";
export * from "./blocklist.js";
export * from "./booking-series.js";
export * from "./bookings.js";
export * from "./calendars.js";
export * from "./contacts.js";
export * from "./embeds.js";
export * from "./event-types.js";
export * from "./jobs.js";
export * from "./mail.js";
export * from "./oauth.js";
export * from "./rate-limits.js";
export * from "./teams.js";
export * from "./users.js";
export * from "./webhooks.js";
export * from "./workflows.js";
