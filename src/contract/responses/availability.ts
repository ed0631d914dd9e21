import { z } from "zod";
import { type AvailabilitySchedule, WEEKDAYS } from "../availability.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const timeSlotSchema = z.object({ startTime: z.string(), endTime: z.string() });

export const availabilityScheduleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  timezone: z.string(),
  isDefault: z.boolean(),
  schedule: z.array(
    z.object({
      day: z.enum(WEEKDAYS),
      dayCode: z.string(),
      isAvailable: z.boolean(),
      timeSlots: z.array(timeSlotSchema),
    }),
  ),
  dateOverrides: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      isAvailable: z.boolean(),
      reason: z.string().nullable(),
      timeSlots: z.array(timeSlotSchema),
    }),
  ),
  bufferTimeBefore: z.number(),
  bufferTimeAfter: z.number(),
  minimumNotice: z.number(),
  maximumNotice: z.number(),
  eventTypeCount: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof availabilityScheduleSchema>, AvailabilitySchedule>;

export const availabilityResponses = {
  list: { 200: envelope(z.array(availabilityScheduleSchema)) },
  created: { 201: envelope(availabilityScheduleSchema) },
  one: { 200: envelope(availabilityScheduleSchema) },
  deleted: { 200: doneEnvelope },
};
