import type { WorkflowAction, WorkflowTrigger } from "../../../contract/workflows.js";
import { offsetMinutes } from "../../../contract/workflows.js";
import type { Db, Tx } from "../../db/client.js";
import type { JobRow, WorkflowRow } from "../../db/schema/index.js";
import { cancelJobs, enqueueJobs, type JobSpec } from "../../jobs/queue.js";
import type { JobOutcome, JobRunner } from "../../jobs/runner.js";
import { WebhookError } from "../../lib/webhook-delivery.js";
import { enqueueMail } from "../../mail/outbox.js";
import { type BookingChange, isRequestChange, isSeat } from "../bookings/events.js";
import type { BookingRecord } from "../bookings/index.js";
import type { BookingsService } from "../bookings/service.js";
import { createWorkflowsRepo, type NewExecution } from "./repo.js";
import {
  type ActionEnv,
  type BookingView,
  emailMessages,
  linksFor,
  needsLinks,
  sendSms,
  sendWebhook,
  variablesFor,
  webhookPayload,
} from "./service-actions.js";
import type { CrmSink } from "./service-crm.js";

export const ACTION_JOB = "workflow.action";
/** Triggers tied to the meeting's time: a move re-plans them, a cancel drops them. */
export const TIME_BOUND: readonly WorkflowTrigger[] = ["before_event", "after_event", "event_completed"];

const CHUNK = 1000;

export const jobKey = (workflowId: string, executionId: string) => `wf:${workflowId}:${executionId}`;

export interface EngineDeps {
  bookings: BookingsService;
  crm: CrmSink | null;
  env: ActionEnv;
  now: () => Date;
}

/** When a trigger fires for a booking, or null when it does not apply to this trigger type. */
export function triggerTime(
  wf: Pick<WorkflowRow, "triggerType" | "timeOffset">,
  rec: BookingRecord,
): Date | null {
  const offsetMs = wf.timeOffset ? offsetMinutes(wf.timeOffset) * 60_000 : 0;
  const b = rec.booking;
  if (wf.triggerType === "before_event") return new Date(b.startTime.getTime() - offsetMs);
  if (wf.triggerType === "after_event") return new Date(b.endTime.getTime() + offsetMs);
  if (wf.triggerType === "event_completed") return b.endTime;
  return null;
}

const appliesTo = (wf: WorkflowRow, rec: BookingRecord) =>
  wf.eventTypeIds.length === 0 ||
  (rec.booking.eventTypeId !== null && wf.eventTypeIds.includes(rec.booking.eventTypeId));

/** One trigger of one workflow for one booking: `at` is the trigger time, `runAt` when it is run. */
export interface Plan {
  wf: WorkflowRow;
  rec: BookingRecord;
  trigger: WorkflowTrigger;
  at: Date;
  runAt: Date;
}

/**
 * Plans one run per action of each workflow at `at` (the trigger time) and queues their jobs, in
 * the caller's transaction. The executions' unique index makes a repeated plan a no-op.
 */
export async function planRuns(tx: Tx, plans: Plan[]): Promise<number> {
  const rows: NewExecution[] = [];
  for (const p of plans) {
    p.wf.actions.forEach((action: WorkflowAction, index: number) => {
      rows.push({
        workflowId: p.wf.id,
        userId: p.wf.userId,
        bookingId: p.rec.booking.id,
        trigger: p.trigger,
        actionIndex: index,
        actionType: action.type,
        scheduledFor: p.at,
        attendeeName: p.rec.booking.attendeeName,
        attendeeEmail: p.rec.booking.attendeeEmail,
        eventName: p.rec.eventType?.title ?? p.rec.booking.eventTitle,
        bookingStart: p.rec.booking.startTime,
      });
    });
  }
  // In chunks: one statement may carry at most 65,535 parameters (a host with thousands of bookings).
  const planned = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    planned.push(...(await createWorkflowsRepo(tx).insertExecutions(rows.slice(i, i + CHUNK))));
  }
  const runAtOf = new Map(plans.map((p) => [`${p.wf.id}/${p.rec.booking.id}/${p.at.getTime()}`, p.runAt]));
  const jobs: JobSpec[] = planned.map((ex) => ({
    kind: ACTION_JOB,
    key: jobKey(ex.workflowId, ex.id),
    bookingId: ex.bookingId,
    runAt: runAtOf.get(`${ex.workflowId}/${ex.bookingId}/${ex.scheduledFor.getTime()}`) ?? ex.scheduledFor,
    payload: { executionId: ex.id },
    // Webhooks retry 5 times after the first try; other actions 4.
    maxAttempts: ex.actionType === "webhook" ? 6 : 5,
  }));
  for (let i = 0; i < jobs.length; i += CHUNK) await enqueueJobs(tx, jobs.slice(i, i + CHUNK));
  return planned.length;
}

/** Cancels scheduled runs and their jobs. */
export async function cancelRuns(
  tx: Tx,
  where: { bookingId?: string; workflowId?: string; triggers?: readonly WorkflowTrigger[] },
  reason: string,
  at: Date,
): Promise<void> {
  const cancelled = await createWorkflowsRepo(tx).cancelScheduled(
    { ...where, triggers: where.triggers ? [...where.triggers] : undefined },
    reason,
  );
  if (cancelled.length === 0) return;
  await cancelJobs(tx, { key: cancelled.map((ex) => jobKey(ex.workflowId, ex.id)) }, reason, at);
}

/** Time-bound runs of `wf` for the given upcoming bookings (new, re-activated or edited workflows). */
export function timedPlans(wf: WorkflowRow, records: BookingRecord[], at: Date): Plan[] {
  if (!TIME_BOUND.includes(wf.triggerType as WorkflowTrigger)) return [];
  const plans: Plan[] = [];
  for (const rec of records) {
    if (!appliesTo(wf, rec) || rec.booking.status !== "confirmed") continue;
    const when = triggerTime(wf, rec);
    if (!when) continue;
    // A reminder for a meeting that has started is pointless; follow-ups run once the meeting ends.
    if (wf.triggerType === "before_event" && rec.booking.startTime <= at) continue;
    plans.push({
      wf,
      rec,
      trigger: wf.triggerType as WorkflowTrigger,
      at: when,
      runAt: when < at ? at : when,
    });
  }
  return plans;
}

/** The booking listener: plans and drops runs in the booking's transaction. */
export async function onBookingChange(
  tx: Tx,
  change: BookingChange,
  at: Date,
  hostWorkflows: WorkflowRow[],
): Promise<void> {
  if (change.kind === "no_show") return; // the run itself checks (event_completed skips no-shows)
  const rec = change.booking;
  const active = hostWorkflows.filter((wf) => appliesTo(wf, rec));
  // A request is no meeting yet: it has no timed runs to drop and gets none until confirmed.
  const meeting = !isRequestChange(change);
  if (meeting && change.kind !== "created") {
    const reason = change.kind === "moved" ? "The booking was rescheduled" : "The booking was cancelled";
    await cancelRuns(tx, { bookingId: rec.booking.id, triggers: TIME_BOUND }, reason, at);
  }
  if (active.length === 0) return;
  const fired = new Set(firedTriggers(change));
  const plans: Plan[] = active
    .filter((wf) => fired.has(wf.triggerType as WorkflowTrigger))
    .map((wf) => ({ wf, rec, trigger: wf.triggerType as WorkflowTrigger, at, runAt: at }));
  if (meeting && change.kind !== "cancelled") {
    for (const wf of active) plans.push(...timedPlans(wf, [rec], at));
  }
  await planRuns(tx, plans);
}

/** The triggers a change fires at once (issue 28 adds requests' and seats'). */
export function firedTriggers(change: BookingChange): WorkflowTrigger[] {
  const seat = isSeat(change);
  switch (change.kind) {
    case "created":
      return [
        "event_scheduled",
        ...(change.fromRequest ? (["booking_confirmed"] as const) : []),
        ...(seat ? (["seat_booked"] as const) : []),
      ];
    case "moved":
      return ["event_rescheduled"];
    case "cancelled":
      return ["event_cancelled", ...(seat ? (["seat_cancelled"] as const) : [])];
    case "requested":
      return ["booking_requested"];
    case "request_closed":
      return change.outcome === "declined" ? ["booking_declined"] : [];
    default:
      return [];
  }
}

/** Why a run no longer makes sense when it comes due, or null. */
function staleReason(trigger: string, rec: BookingRecord, at: Date): string | null {
  const b = rec.booking;
  if (TIME_BOUND.includes(trigger as WorkflowTrigger) && b.status === "cancelled")
    return "The booking was cancelled";
  if (trigger === "before_event" && b.startTime <= at) {
    return "The meeting had already started when this reminder came due (the server was down)";
  }
  if (trigger === "event_completed" && b.status === "no_show") return "The invitee was marked as a no-show";
  return null;
}

const textsOf = (action: WorkflowAction): string[] => {
  switch (action.type) {
    case "send_email":
      return [action.config.subject, action.config.body];
    case "send_sms":
      return [action.config.message];
    case "webhook":
      return [action.config.body, ...action.config.headers.map((h) => h.value)];
    default:
      return [];
  }
};

/** Registers the job kind that performs workflow actions. */
export function registerWorkflowJobs(db: Db, runner: JobRunner, deps: EngineDeps): void {
  const repoOf = (d: Db | Tx) => createWorkflowsRepo(d);

  runner.register(
    ACTION_JOB,
    async (job: JobRow, ctx): Promise<JobOutcome> => {
      const found = await repoOf(db).findExecutionWithWorkflow(String(job.payload.executionId));
      if (!found) return { status: "skipped", reason: "The run was deleted with its workflow" };
      const { ex, wf } = found;
      const skip = (reason: string): JobOutcome => ({
        status: "skipped",
        reason,
        commit: (tx) =>
          repoOf(tx).updateExecution(ex.id, {
            status: "skipped",
            error: reason,
            attempts: job.attempts,
            executedAt: ctx.now,
          }),
      });
      if (!wf) return { status: "skipped", reason: "The workflow was deleted" };
      if (!wf.isActive) return skip("The workflow is paused");
      const rec = await deps.bookings.record(wf.userId, ex.bookingId);
      if (!rec) return skip("The booking no longer exists");
      const stale = staleReason(ex.trigger, rec, ctx.now);
      if (stale) return skip(stale);
      const action = wf.actions[ex.actionIndex];
      if (!action || action.type !== ex.actionType) return skip("This action was removed from the workflow");

      const view: BookingView = { record: rec, links: null };
      if (action.type === "webhook" || needsLinks(textsOf(action))) {
        const token = await deps.bookings.issueManageToken(wf.userId, rec.booking.id);
        if (token) view.links = linksFor(deps.env.publicUrl, rec, token);
      }
      const done = (
        result: { target: string; responseCode?: number; responseMs?: number },
        also?: (tx: Tx) => Promise<void>,
      ): JobOutcome => ({
        result,
        commit: async (tx) => {
          await repoOf(tx).updateExecution(ex.id, {
            status: "sent",
            attempts: job.attempts,
            error: null,
            executedAt: ctx.now,
            target: result.target,
            responseCode: result.responseCode ?? null,
            responseMs: result.responseMs ?? null,
          });
          await also?.(tx);
        },
      });

      switch (action.type) {
        case "send_email": {
          const mails = emailMessages(action.config, view);
          return done({ target: mails.map((m) => m.to).join(", ") }, (tx) => enqueueMail(tx, mails));
        }
        case "webhook": {
          const eventId = `evt_${ex.id}`;
          const body = JSON.stringify(
            webhookPayload(eventId, ex.trigger as WorkflowTrigger, ctx.now, view, wf),
          );
          const vars = variablesFor(view, rec.booking.hostTimezone);
          return done(
            await sendWebhook(deps.env, action.config, wf.webhookSecret, eventId, body, vars, ctx.now),
          );
        }
        case "send_sms":
          return done(await sendSms(deps.env, action.config, view));
        case "add_to_crm": {
          const crm = deps.crm;
          if (!crm) throw new Error("Contacts are not available on this server");
          // The contact is written in the transaction that records the run: both or neither.
          return done({ target: rec.booking.attendeeEmail }, async (tx) => {
            const { target } = await crm.upsert(tx, wf.userId, action.config, view);
            await repoOf(tx).updateExecution(ex.id, { target });
          });
        }
      }
    },
    {
      backoffMs: 30_000,
      onError: async (tx, job, error, final) => {
        const id = String(job.payload.executionId);
        await repoOf(tx).updateExecution(id, {
          status: final ? "failed" : "scheduled",
          attempts: job.attempts,
          error: error.message,
          ...(error instanceof WebhookError
            ? { responseCode: error.responseCode, responseMs: error.responseMs }
            : {}),
          ...(final ? { executedAt: deps.now() } : {}),
        });
      },
    },
  );
}
