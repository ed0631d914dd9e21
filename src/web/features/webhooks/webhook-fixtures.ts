/** A subscription as the API lists it, for the webhooks screen tests (English and German). */
export const subscription = {
  _id: "00000000-0000-4000-8000-0000000000a1",
  url: "https://hooks.example/in",
  events: ["booking.created"],
  active: true,
  disabledReason: null,
  consecutiveFailures: 0,
  secretHint: "whsec_abc…",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
