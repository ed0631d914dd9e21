// What other features may import of bookings besides its service and events (check-structure.mjs
// keeps this file to re-exports): the booking record every listener and job reads.
export type { BookingRecord } from "./repo.js";
export type { SeriesCalendarData } from "./service-series-data.js";
