import { randomUUID } from "node:crypto";
import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import {
  type ExecutionsPage,
  type ExecutionsQuery,
  TIMED_TRIGGERS,
  type WorkflowBody,
  type WorkflowDto,
  type WorkflowExecutionDto,
  type WorkflowTemplate,
  type WorkflowTestResult,
  type WorkflowTrigger,
  workflowBody,
} from "../../../contract/workflows.js";
import { localDateRange } from "../../../domain/availability/present.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import type { UserRow, WorkflowExecutionRow, WorkflowRow } from "../../db/schema/index.js";
import { together } from "../../db/together.js";
import { createJobEnqueuer, jobsByKey, retryJob } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { hostConfigCache } from "../../lib/host-config-cache.js";
import { checkUrl, UnsafeUrlError } from "../../lib/ssrf.js";
import { newWebhookSecret, openWebhookSecret } from "../../lib/webhook-delivery.js";
import { enqueueMail } from "../../mail/outbox.js";
import { workflowTestMail } from "../../mail/workflow-mails.js";
import type { BookingChange, BookingReaction } from "../bookings/events.js";
import type { BookingRecord } from "../bookings/index.js";
import type { BookingsService } from "../bookings/service.js";
import { createActiveWorkflowsQuery, createWorkflowsRepo, type WorkflowPatch } from "./repo.js";
import {
  type ActionEnv,
  type BookingView,
  emailMessages,
  sendSms,
  sendWebhook,
  variablesFor,
  webhookPayload,
} from "./service-actions.js";
import type { CrmSink } from "./service-crm.js";
import { sampleBooking, toExecutionDto, toWorkflowDto } from "./service-dtos.js";
import {
  cancelRuns,
  jobKey,
  onBookingChange,
  planRuns,
  registerWorkflowJobs,
  TIME_BOUND,
  timedPlans,
} from "./service-engine.js";
import { planReminder, registerReminderJobs, remindersFollowSettings } from "./service-reminders.js";
import { templatesIn } from "./service-templates.js";

export interface WorkflowsDeps {
  bookings: BookingsService;
  /** The host's event type ids (a trigger may only name the host's own). */
  eventTypeIds: (user: UserRow) => Promise<string[]>;
  notificationsIn: (tx: DbOrTx, userId: string) => Promise<NotificationSettings>;
  hostZone: (user: UserRow) => Promise<string>;
  crm: CrmSink | null;
  env: ActionEnv;
  now: () => Date;
}

const NOT_FOUND = "Workflow not found";

export function createWorkflowsService(db: Db, deps: WorkflowsDeps) {
  const { now } = deps;
  const repo = createWorkflowsRepo(db);
  const activeWorkflows = createActiveWorkflowsQuery(db);
  const activeKept = hostConfigCache<WorkflowRow[]>();
  const enqueueJob = createJobEnqueuer(db);

  async function owned(userId: string, id: string): Promise<WorkflowRow> {
    const wf = await repo.findForUser(userId, id);
    if (!wf) throw notFound(NOT_FOUND);
    return wf;
  }

  /** Checks what zod cannot: the host's own event types, and webhook URLs through the SSRF guard. */
  async function validate(user: UserRow, body: ReturnType<typeof workflowBody.parse>): Promise<void> {
    const errors: Record<string, string> = {};
    if (body.trigger.eventTypes.length > 0) {
      const mine = new Set(await deps.eventTypeIds(user));
      if (body.trigger.eventTypes.some((id) => !mine.has(id)))
        errors["trigger.eventTypes"] = "Event type not found";
    }
    if (TIMED_TRIGGERS.includes(body.trigger.type) && !body.trigger.conditions.timeOffset) {
      errors["trigger.conditions.timeOffset"] = "Choose how long before or after the meeting";
    }
    for (const [i, action] of body.actions.entries()) {
      if (action.type !== "webhook") continue;
      try {
        await checkUrl(action.config.url, {
          allowPrivate: deps.env.allowPrivateTargets,
          resolve: deps.env.resolve,
        });
      } catch (error) {
        if (!(error instanceof UnsafeUrlError)) throw error;
        errors[`actions.${i}.config.url`] = error.message;
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest("Please fix the highlighted fields", errors);
  }

  function fields(body: ReturnType<typeof workflowBody.parse>): WorkflowPatch {
    const timed = TIMED_TRIGGERS.includes(body.trigger.type);
    return {
      name: body.name,
      description: body.description,
      isActive: body.isActive,
      triggerType: body.trigger.type,
      eventTypeIds: body.trigger.eventTypes,
      timeOffset: timed ? (body.trigger.conditions.timeOffset ?? null) : null,
      actions: body.actions,
    };
  }

  /** Plans the time-bound runs of an active workflow for the host's upcoming bookings. */
  async function planUpcoming(tx: Tx, wf: WorkflowRow, upcoming: BookingRecord[]) {
    if (wf.isActive) await planRuns(tx, timedPlans(wf, upcoming, now()));
  }

  const upcomingFor = (wf: { triggerType: string; userId: string }) =>
    TIME_BOUND.includes(wf.triggerType as WorkflowTrigger)
      ? deps.bookings.upcomingForHost(wf.userId)
      : Promise.resolve([]);

  const secretHint = (r: WorkflowRow) =>
    `${openWebhookSecret(deps.env.secrets, r.webhookSecret).slice(0, 9)}…`;

  async function toDtos(rows: WorkflowRow[]): Promise<WorkflowDto[]> {
    const stats = await repo.statsFor(rows.map((r) => r.id));
    return rows.map((r) => toWorkflowDto(r, stats.get(r.id), secretHint(r)));
  }

  return {
    /** In the host's app language (`users.app_language`). */
    templates: (language: string | null): WorkflowTemplate[] => templatesIn(language),

    async list(userId: string): Promise<WorkflowDto[]> {
      return toDtos(await repo.listForUser(userId));
    },

    async get(userId: string, id: string): Promise<WorkflowDto> {
      const [dto] = await toDtos([await owned(userId, id)]);
      return dto;
    },

    async create(user: UserRow, input: WorkflowBody): Promise<WorkflowDto> {
      const body = workflowBody.parse(input);
      await validate(user, body);
      const secret = newWebhookSecret();
      const upcoming = await upcomingFor({ triggerType: body.trigger.type, userId: user.id });
      const wf = await db.transaction(async (tx) => {
        const row = await createWorkflowsRepo(tx).insert({
          ...(fields(body) as Required<Pick<WorkflowRow, "name" | "triggerType" | "actions">>),
          userId: user.id,
          webhookSecret: deps.env.secrets.seal(secret),
        });
        await planUpcoming(tx, row, upcoming);
        return row;
      });
      return { ...toWorkflowDto(wf, undefined, secretHint(wf)), webhookSecret: secret };
    },

    /** Edits apply to runs from now on: pending time-bound runs are planned again with the new rules. */
    async update(user: UserRow, id: string, input: WorkflowBody): Promise<WorkflowDto> {
      await owned(user.id, id);
      const body = workflowBody.parse(input);
      await validate(user, body);
      const upcoming = await upcomingFor({ triggerType: body.trigger.type, userId: user.id });
      await db.transaction(async (tx) => {
        await cancelRuns(tx, { workflowId: id, triggers: TIME_BOUND }, "The workflow was edited", now());
        const row = await createWorkflowsRepo(tx).update(user.id, id, fields(body), now());
        if (!row) throw notFound(NOT_FOUND);
        await planUpcoming(tx, row, upcoming);
      });
      return this.get(user.id, id);
    },

    /** Pause stops every pending run; Activate plans the time-bound ones for upcoming bookings. */
    async toggle(userId: string, id: string): Promise<WorkflowDto> {
      const wf = await owned(userId, id);
      const upcoming = wf.isActive ? [] : await upcomingFor(wf);
      await db.transaction(async (tx) => {
        const row = await createWorkflowsRepo(tx).update(userId, id, { isActive: !wf.isActive }, now());
        if (!row) throw notFound(NOT_FOUND);
        if (wf.isActive) await cancelRuns(tx, { workflowId: id }, "The workflow was paused", now());
        else await planUpcoming(tx, row, upcoming);
      });
      return this.get(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await cancelRuns(tx, { workflowId: id }, "The workflow was deleted", now());
        if (!(await createWorkflowsRepo(tx).remove(userId, id))) throw notFound(NOT_FOUND);
      });
    },

    /** A new signing secret, shown in this answer only. */
    async rotateSecret(userId: string, id: string): Promise<WorkflowDto> {
      await owned(userId, id);
      const secret = newWebhookSecret();
      await repo.update(userId, id, { webhookSecret: deps.env.secrets.seal(secret) }, now());
      return { ...(await this.get(userId, id)), webhookSecret: secret };
    },

    async executions(user: UserRow, id: string, q: ExecutionsQuery): Promise<ExecutionsPage> {
      const wf = await owned(user.id, id);
      const zone = q.from || q.to ? await deps.hostZone(user) : "UTC";
      const { rows, total } = await repo.listExecutions(id, {
        status: q.status,
        action: q.action,
        from: q.from ? new Date(localDateRange(q.from, zone).from) : undefined,
        to: q.to ? new Date(localDateRange(q.to, zone).to) : undefined,
        page: q.page,
        limit: q.limit,
      });
      return {
        workflow: { _id: wf.id, name: wf.name, isActive: wf.isActive },
        data: rows.map(toExecutionDto),
        pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
      };
    },

    /** Runs a failed (or skipped) run again now, with fresh attempts. */
    async retryExecution(userId: string, id: string, executionId: string): Promise<WorkflowExecutionDto> {
      await owned(userId, id);
      const ex = await repo.findExecutionForUser(userId, id, executionId);
      if (!ex) throw notFound("Execution not found");
      if (ex.status !== "failed" && ex.status !== "skipped")
        throw badRequest("Only failed or skipped runs can be retried");
      const [job] = await jobsByKey(db, [jobKey(ex.workflowId, ex.id)]);
      await db.transaction(async (tx) => {
        if (!job || !(await retryJob(tx, job.id, now()))) throw badRequest("This run cannot be retried");
        await createWorkflowsRepo(tx).updateExecution(ex.id, {
          status: "scheduled",
          attempts: 0,
          error: null,
          executedAt: null,
        });
      });
      const again = await repo.findExecution(ex.id);
      return toExecutionDto(again as WorkflowExecutionRow);
    },

    /** Sends each action once against a sample booking: mail and SMS to the host, the webhook for real. */
    async test(user: UserRow, id: string): Promise<WorkflowTestResult[]> {
      const wf = await owned(user.id, id);
      const view: BookingView = {
        record: sampleBooking(user, await deps.hostZone(user), now()),
        links: null,
      };
      view.links = {
        view: `${deps.env.publicUrl}/booking-confirmed?uid=sample`,
        reschedule: `${deps.env.publicUrl}/${user.username}/sample?reschedule=sample`,
        cancel: `${deps.env.publicUrl}/booking-confirmed?uid=sample&action=cancel`,
      };
      const results: WorkflowTestResult[] = [];
      for (const [i, action] of wf.actions.entries()) {
        const result = (ok: boolean, message: string) =>
          results.push({ actionIndex: i, actionType: action.type, ok, message });
        try {
          switch (action.type) {
            case "send_email": {
              const mails = emailMessages(action.config, view, {
                to: user.email,
                zone: view.record.booking.hostTimezone,
              });
              await enqueueMail(
                db,
                mails.map((m) => workflowTestMail(m, user.appLanguage)),
              );
              result(true, `Test email queued to ${user.email}`);
              break;
            }
            case "send_sms": {
              const sent = await sendSms(deps.env, action.config, view, { to: action.config.hostPhone });
              result(true, `Test SMS sent to ${sent.target}`);
              break;
            }
            case "webhook": {
              const eventId = `evt_test_${randomUUID()}`;
              const trigger = wf.triggerType as WorkflowTrigger;
              const body = JSON.stringify(webhookPayload(eventId, trigger, now(), view, wf));
              const vars = variablesFor(view, view.record.booking.hostTimezone);
              const res = await sendWebhook(
                deps.env,
                action.config,
                wf.webhookSecret,
                eventId,
                body,
                vars,
                now(),
              );
              result(true, `HTTP ${res.responseCode} in ${res.responseMs} ms`);
              break;
            }
            case "add_to_crm": {
              const stage = action.config.stage ? ` as ${action.config.stage}` : "";
              result(
                true,
                `Would add ${view.record.booking.attendeeName} to Contacts${stage} (a test writes no contact)`,
              );
              break;
            }
          }
        } catch (error) {
          result(false, (error as Error).message);
        }
      }
      return results;
    },

    /**
     * The booking listener (registered in buildApp): reads the host's active workflows and reminder
     * settings, then plans workflows' runs and the settings reminder in the booking's transaction.
     */
    async onBookingChange(reader: DbOrTx, change: BookingChange): Promise<BookingReaction | undefined> {
      if (change.kind === "no_show") return undefined; // neither plans anything for a no-show mark
      const hostId = change.booking.booking.hostUserId;
      // A new one-host booking brings the host's settings from its slot check: one read fewer.
      const known = change.kind === "created" ? change.hostNotifications : undefined;
      // ...and the host's config counter: the workflows last read at it still hold.
      const version = change.kind === "created" ? change.hostConfigVersion : undefined;
      const [active, settings] = await together(reader, [
        () => activeKept.get(hostId, version, () => activeWorkflows(reader, hostId)),
        () => (known ? Promise.resolve(known) : deps.notificationsIn(reader, hostId)),
      ]);
      return async (tx, final) => {
        const at = now();
        await together(tx, [
          () => onBookingChange(tx, final, at, active),
          () => planReminder(tx, final, settings, at, enqueueJob),
        ]);
      };
    },

    settingsListener: remindersFollowSettings(deps.bookings, now),

    registerJobs(runner: JobRunner): void {
      registerWorkflowJobs(db, runner, { bookings: deps.bookings, crm: deps.crm, env: deps.env, now });
      registerReminderJobs(runner, {
        bookings: deps.bookings,
        notifications: (userId) => deps.notificationsIn(db, userId),
        publicUrl: deps.env.publicUrl,
      });
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
