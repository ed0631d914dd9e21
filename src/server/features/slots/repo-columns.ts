import { availabilitySchedules, eventTypes } from "../../db/schema/index.js";

/** The event type's columns the slot engine and a booking read (context queries, repo.ts). */
export const eventTypeColumns = {
  id: eventTypes.id,
  teamId: eventTypes.teamId,
  fixedTimes: eventTypes.fixedTimes,
  expiresAt: eventTypes.expiresAt,
  closedAt: eventTypes.closedAt,
  title: eventTypes.title,
  kind: eventTypes.kind,
  duration: eventTypes.duration,
  color: eventTypes.color,
  slug: eventTypes.slug,
  isActive: eventTypes.isActive,
  locations: eventTypes.locations,
  bookingSettings: eventTypes.bookingSettings,
  questions: eventTypes.questions,
  phoneField: eventTypes.phoneField,
  maxInvitees: eventTypes.maxInvitees,
  confirmation: eventTypes.confirmation,
  bookingLimits: eventTypes.bookingLimits,
  language: eventTypes.language,
  translations: eventTypes.translations,
  recurrence: eventTypes.recurrence,
};
export const scheduleColumns = {
  id: availabilitySchedules.id,
  timezone: availabilitySchedules.timezone,
  weekly: availabilitySchedules.weekly,
  bufferTimeBefore: availabilitySchedules.bufferTimeBefore,
  bufferTimeAfter: availabilitySchedules.bufferTimeAfter,
  minimumNotice: availabilitySchedules.minimumNotice,
  maximumNotice: availabilitySchedules.maximumNotice,
};
