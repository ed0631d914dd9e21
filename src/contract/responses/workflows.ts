import { z } from "zod";
import {
  CONTACT_STAGES,
  CRM_ACTIONS,
  CRM_FIELDS,
  EXECUTION_STATUSES,
  type ExecutionsPage,
  RECIPIENTS,
  TIME_UNITS,
  WEBHOOK_METHODS,
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
  type WorkflowDto,
  type WorkflowExecutionDto,
  type WorkflowTemplate,
  type WorkflowTestResult,
} from "../workflows.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

/** A stored action: the body's schema with its defaults filled, without the input checks. */
const actionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("send_email"),
    config: z.object({ to: z.enum(RECIPIENTS), subject: z.string(), body: z.string() }),
  }),
  z.object({
    type: z.literal("webhook"),
    config: z.object({
      url: z.string(),
      method: z.enum(WEBHOOK_METHODS),
      headers: z.array(z.object({ key: z.string(), value: z.string() })),
      body: z.string(),
    }),
  }),
  z.object({
    type: z.literal("add_to_crm"),
    config: z.object({
      platform: z.literal("kairos"),
      action: z.enum(CRM_ACTIONS),
      stage: z.enum(CONTACT_STAGES).optional(),
      tags: z.array(z.string()),
      mapping: z.array(z.object({ field: z.enum(CRM_FIELDS), value: z.string() })),
    }),
  }),
  z.object({
    type: z.literal("send_sms"),
    config: z.object({ to: z.enum(RECIPIENTS), hostPhone: z.string(), message: z.string() }),
  }),
]);

const triggerSchema = z.object({
  type: z.enum(WORKFLOW_TRIGGERS),
  eventTypes: z.array(z.string()),
  conditions: z.object({ timeOffset: z.object({ value: z.number(), unit: z.enum(TIME_UNITS) }).optional() }),
});

const workflowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  trigger: triggerSchema,
  actions: z.array(actionSchema),
  statistics: z.object({
    totalRuns: z.number(),
    successfulRuns: z.number(),
    failedRuns: z.number(),
    lastRun: isoDateTime.nullable(),
  }),
  webhookSecret: z.string().optional(),
  webhookSecretHint: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof workflowSchema>, WorkflowDto>;

const executionSchema = z.object({
  _id: z.string(),
  workflowId: z.string(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  actionIndex: z.number(),
  actionType: z.enum(WORKFLOW_ACTIONS),
  status: z.enum(EXECUTION_STATUSES),
  scheduledFor: isoDateTime,
  attempts: z.number(),
  error: z.string().nullable(),
  responseCode: z.number().nullable(),
  responseMs: z.number().nullable(),
  target: z.string().nullable(),
  executedAt: isoDateTime.nullable(),
  booking: z.object({
    _id: z.string(),
    attendeeName: z.string(),
    attendeeEmail: z.string(),
    eventName: z.string(),
    startTime: isoDateTime,
  }),
  createdAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof executionSchema>, WorkflowExecutionDto>;

const executionsPage = {
  workflow: z.object({ _id: z.string(), name: z.string(), isActive: z.boolean() }),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
};
true satisfies Agrees<
  z.input<z.ZodObject<typeof executionsPage & { data: z.ZodArray<typeof executionSchema> }>>,
  ExecutionsPage
>;

const testResultSchema = z.object({
  actionIndex: z.number(),
  actionType: z.enum(WORKFLOW_ACTIONS),
  ok: z.boolean(),
  message: z.string(),
});
true satisfies Agrees<z.input<typeof testResultSchema>, WorkflowTestResult>;

const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  trigger: triggerSchema,
  actions: z.array(actionSchema),
});
true satisfies Agrees<z.input<typeof templateSchema>, WorkflowTemplate>;

export const workflowsResponses = {
  list: { 200: envelope(z.array(workflowSchema)) },
  created: { 201: envelope(workflowSchema) },
  workflow: { 200: envelope(workflowSchema) },
  templates: { 200: envelope(z.array(templateSchema)) },
  done: { 200: doneEnvelope },
  /** A page of runs: `workflow` and `pagination` beside `data`. */
  executions: { 200: envelope(z.array(executionSchema), executionsPage) },
  execution: { 200: envelope(executionSchema) },
  tested: { 200: envelope(z.array(testResultSchema)) },
};
