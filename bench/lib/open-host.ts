import type { FastifyInstance } from "fastify";
import { bearer, signUp } from "../../src/server/testing/app.js";

/** A week open around the clock: every day from midnight to midnight. */
export const ALL_DAY = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
  (day) => ({
    day,
    isAvailable: true,
    timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
  }),
);

/** Booking settings that leave every slot of the next 60 days bookable at once. */
export const OPEN_SETTINGS = {
  leadHours: 0,
  noticeUnit: "minutes",
  daysAhead: 60,
  unit: "days",
  mode: "rolling",
};

/** A host in UTC available around the clock (its default schedule set to ALL_DAY), through the API. */
export async function openHost(app: FastifyInstance): Promise<Awaited<ReturnType<typeof signUp>>> {
  const host = await signUp(app, { timezone: "UTC" });
  const schedules = (
    await app.inject({ method: "GET", url: "/api/availability", headers: bearer(host.token) })
  ).json().data;
  await app.inject({
    method: "PUT",
    url: `/api/availability/${schedules[0]._id}`,
    headers: bearer(host.token),
    payload: { schedule: ALL_DAY },
  });
  return host;
}
