import type { WorkflowDto, WorkflowExecutionDto, WorkflowTrigger } from "../../../contract/workflows.js";
import type { BookingRow, UserRow, WorkflowExecutionRow, WorkflowRow } from "../../db/schema/index.js";
import type { BookingRecord } from "../bookings/index.js";
import type { Stats } from "./repo.js";

/* How workflows and their runs are answered (presenters), and the sample booking a test run uses. */

export function toWorkflowDto(
  r: WorkflowRow,
  stats: Stats | undefined,
  webhookSecretHint: string,
): WorkflowDto {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    isActive: r.isActive,
    trigger: {
      type: r.triggerType as WorkflowTrigger,
      eventTypes: r.eventTypeIds,
      conditions: r.timeOffset ? { timeOffset: r.timeOffset } : {},
    },
    actions: r.actions,
    statistics: {
      totalRuns: stats?.totalRuns ?? 0,
      successfulRuns: stats?.successfulRuns ?? 0,
      failedRuns: stats?.failedRuns ?? 0,
      lastRun: stats?.lastRun?.toISOString() ?? null,
    },
    webhookSecretHint,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toExecutionDto(r: WorkflowExecutionRow): WorkflowExecutionDto {
  return {
    _id: r.id,
    workflowId: r.workflowId,
    trigger: r.trigger as WorkflowTrigger,
    actionIndex: r.actionIndex,
    actionType: r.actionType as WorkflowExecutionDto["actionType"],
    status: r.status as WorkflowExecutionDto["status"],
    scheduledFor: r.scheduledFor.toISOString(),
    attempts: r.attempts,
    error: r.error,
    responseCode: r.responseCode,
    responseMs: r.responseMs,
    target: r.target,
    executedAt: r.executedAt?.toISOString() ?? null,
    booking: {
      _id: r.bookingId,
      attendeeName: r.attendeeName,
      attendeeEmail: r.attendeeEmail,
      eventName: r.eventName,
      startTime: r.bookingStart.toISOString(),
    },
    createdAt: r.createdAt.toISOString(),
  };
}

/** The booking a test runs against: a day ahead, on the hour, with a sample invitee in the host's zone. */
export function sampleBooking(user: UserRow, zone: string, at: Date): BookingRecord {
  const start = new Date(Math.ceil((at.getTime() + 86_400_000) / 3_600_000) * 3_600_000);
  const invitee = { name: "Priya Sharma", email: "priya@example.com", phone: "14155550123" };
  const booking: BookingRow = {
    id: "00000000-0000-4000-8000-000000000000",
    uid: "sample",
    hostUserId: user.id,
    eventTypeId: null,
    eventTitle: "Sample meeting",
    eventColor: "#3B82F6",
    eventSlug: "sample",
    startTime: start,
    endTime: new Date(start.getTime() + 30 * 60_000),
    status: "confirmed",
    requestExpiresAt: null,
    seriesId: null,
    seriesIndex: null,
    approvalTokenHash: null,
    slotKey: "sample",
    attendeeName: invitee.name,
    attendeeEmail: invitee.email,
    attendeePhone: invitee.phone,
    attendeeTimezone: zone,
    language: user.language ?? "en",
    hostTimezone: zone,
    location: {
      type: "google_meet",
      value: "https://meet.google.com/abc-defg-hij",
      displayName: "Google Meet",
    },
    answers: [],
    attribution: null,
    guests: [],
    message: "",
    // Never stored: no manage link of a sample booking can work.
    manageTokenHash: "",
    earlierManageTokenHashes: [],
    icsSequence: 0,
    rescheduleCount: 0,
    cancelledAt: null,
    cancelReason: null,
    cancelNote: null,
    cancelledBy: null,
    createdAt: at,
    updatedAt: at,
    searchText: [invitee.name, invitee.email, invitee.phone, "Sample meeting"].join("\n").toLowerCase(),
  };
  return {
    booking,
    eventType: null,
    host: {
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      appLanguage: user.appLanguage,
    },
    coHosts: [],
  };
}
