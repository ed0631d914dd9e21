import { z } from "zod";

/** Spec sections 3, 4 and 9. */
export const WORKFLOW_TRIGGERS = [
  "event_scheduled",
  "event_cancelled",
  "event_rescheduled",
  "before_event",
  "after_event",
  "event_completed",
  // Issue 28: requests (an event type that requires confirmation) and the seats of group events.
  "booking_requested",
  "booking_confirmed",
  "booking_declined",
  "seat_booked",
  "seat_cancelled",
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
/** Triggers that run at a time relative to the meeting, with an offset. */
export const TIMED_TRIGGERS: readonly WorkflowTrigger[] = ["before_event", "after_event"];

export const WORKFLOW_ACTIONS = ["send_email", "webhook", "add_to_crm", "send_sms"] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTIONS)[number];

export const TIME_UNITS = ["minutes", "hours", "days"] as const;
export const RECIPIENTS = ["attendee", "host", "both"] as const;
export const WEBHOOK_METHODS = ["POST", "PUT", "PATCH"] as const;
export const CRM_ACTIONS = ["create_or_update"] as const;
export const CONTACT_STAGES = ["prospect", "lead", "customer", "partner", "other"] as const;
/** Contact fields a CRM mapping may fill (the contact's email and name always come from the attendee). */
export const CRM_FIELDS = ["phone", "company", "jobTitle", "timezone", "notes"] as const;

export const EXECUTION_STATUSES = ["scheduled", "sent", "failed", "skipped", "cancelled"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** The variables templates may use; `{{name}}` in subjects, bodies, webhook bodies and SMS texts. */
export const TEMPLATE_VARIABLES = [
  { name: "attendee_name", label: "Attendee name", sample: "Priya Sharma" },
  { name: "attendee_email", label: "Attendee email", sample: "priya@example.com" },
  { name: "attendee_phone", label: "Attendee phone", sample: "+14155550123" },
  { name: "event_name", label: "Event name", sample: "Intro call" },
  { name: "event_date", label: "Event date", sample: "Monday, March 15, 2027" },
  { name: "start_time", label: "Start time", sample: "Monday, March 15, 2027, 1:00pm" },
  // The clock time alone, for texts that name the day themselves ("tomorrow at 1:00pm").
  { name: "event_time", label: "Event time", sample: "1:00pm" },
  { name: "end_time", label: "End time", sample: "1:30pm" },
  { name: "timezone", label: "Timezone", sample: "Asia/Kolkata" },
  { name: "meeting_link", label: "Meeting link", sample: "https://meet.example.com/abc-defg-hij" },
  { name: "location", label: "Location", sample: "Google Meet" },
  { name: "host_name", label: "Host name", sample: "Alex Morgan" },
  { name: "host_email", label: "Host email", sample: "alex@example.com" },
  {
    name: "cancel_link",
    label: "Cancel link",
    sample: "https://kairos.example/booking-confirmed?uid=…&action=cancel",
  },
  {
    name: "reschedule_link",
    label: "Reschedule link",
    sample: "https://kairos.example/book/intro-call?reschedule=…",
  },
  { name: "cancel_reason", label: "Cancel reason", sample: "Changed plans" },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]["name"];

const noLineBreaks = (field: string) =>
  z
    .string()
    .max(2000)
    .refine((v) => !/[\r\n]/.test(v), { message: `${field} cannot contain line breaks` });

export const emailConfigSchema = z
  .object({
    to: z.enum(RECIPIENTS, { message: "Choose attendee, host or both" }),
    subject: z.string().trim().min(1, "Subject is required").max(300),
    body: z.string().trim().min(1, "Body is required").max(20_000),
  })
  .strict();

export const webhookConfigSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: "Enter an http:// or https:// URL" }),
    method: z.enum(WEBHOOK_METHODS).default("POST"),
    headers: z
      .array(
        z
          .object({
            key: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "Header names are letters, digits and - only")
              .max(100),
            value: noLineBreaks("Header values"),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    /** Empty: the standard JSON payload. Otherwise a template (variables are JSON-escaped). */
    body: z.string().max(20_000).default(""),
  })
  .strict();

export const crmConfigSchema = z
  .object({
    platform: z.literal("kairos").default("kairos"),
    action: z.enum(CRM_ACTIONS).default("create_or_update"),
    stage: z.enum(CONTACT_STAGES).optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
    mapping: z
      .array(z.object({ field: z.enum(CRM_FIELDS), value: z.string().max(500) }).strict())
      .max(20)
      .default([]),
  })
  .strict();

export const smsConfigSchema = z
  .object({
    to: z.enum(RECIPIENTS, { message: "Choose attendee, host or both" }),
    /** The host's own mobile number in E.164 (+14155550123): SMS to the host and test messages go there. */
    hostPhone: z.string().trim().max(20).default(""),
    message: z.string().trim().min(1, "Message is required").max(1600),
  })
  .strict();

export const workflowActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("send_email"), config: emailConfigSchema }).strict(),
  z.object({ type: z.literal("webhook"), config: webhookConfigSchema }).strict(),
  z.object({ type: z.literal("add_to_crm"), config: crmConfigSchema }).strict(),
  z.object({ type: z.literal("send_sms"), config: smsConfigSchema }).strict(),
]);
export type WorkflowAction = z.infer<typeof workflowActionSchema>;
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;
export type CrmConfig = z.infer<typeof crmConfigSchema>;
export type SmsConfig = z.infer<typeof smsConfigSchema>;

export const timeOffsetSchema = z
  .object({
    value: z.number().int("Whole numbers only").min(0).max(10_000),
    unit: z.enum(TIME_UNITS),
  })
  .strict();
export type TimeOffset = z.infer<typeof timeOffsetSchema>;

/** At most 90 days either side of the meeting. */
export const MAX_OFFSET_MINUTES = 90 * 24 * 60;
export const offsetMinutes = (o: TimeOffset) =>
  o.value * (o.unit === "days" ? 1440 : o.unit === "hours" ? 60 : 1);

export const workflowTriggerSchema = z
  .object({
    type: z.enum(WORKFLOW_TRIGGERS, { message: "Choose a trigger" }),
    /** Event type ids; empty means every event type. */
    eventTypes: z.array(z.string().uuid("Invalid event type")).max(100).default([]),
    conditions: z.object({ timeOffset: timeOffsetSchema.optional() }).strict().default({}),
  })
  .strict()
  .superRefine((t, ctx) => {
    const offset = t.conditions.timeOffset;
    if (offset && offsetMinutes(offset) > MAX_OFFSET_MINUTES) {
      ctx.addIssue({ code: "custom", path: ["conditions", "timeOffset"], message: "At most 90 days" });
    }
  });
export type WorkflowTriggerInput = z.infer<typeof workflowTriggerSchema>;

/** POST /workflows and PUT /workflows/:id: the draft (spec 7). */
export const workflowBody = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(120),
    description: z.string().trim().max(500).default(""),
    isActive: z.boolean().default(true),
    trigger: workflowTriggerSchema,
    actions: z.array(workflowActionSchema).min(1, "Add at least one action").max(10, "At most 10 actions"),
  })
  .strict();
export type WorkflowBody = z.input<typeof workflowBody>;

export interface WorkflowStatistics {
  totalRuns: number;
  successfulRuns: number;
  failedRuns: number;
  lastRun: string | null;
}

export interface WorkflowDto {
  _id: string;
  name: string;
  description: string;
  isActive: boolean;
  trigger: { type: WorkflowTrigger; eventTypes: string[]; conditions: { timeOffset?: TimeOffset } };
  actions: WorkflowAction[];
  statistics: WorkflowStatistics;
  /** Only in the answer that creates the workflow or rotates its secret; never again. */
  webhookSecret?: string;
  /** e.g. "whsec_Ab3…": enough to tell secrets apart. */
  webhookSecretHint: string;
  createdAt: string;
  updatedAt: string;
}

export const executionsQuery = z.object({
  status: z.enum(EXECUTION_STATUSES).optional(),
  action: z.enum(WORKFLOW_ACTIONS).optional(),
  from: z.string().date("Use YYYY-MM-DD").optional(),
  to: z.string().date("Use YYYY-MM-DD").optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ExecutionsQuery = z.infer<typeof executionsQuery>;

export interface WorkflowExecutionDto {
  _id: string;
  workflowId: string;
  trigger: WorkflowTrigger;
  actionIndex: number;
  actionType: WorkflowActionType;
  status: ExecutionStatus;
  scheduledFor: string;
  attempts: number;
  error: string | null;
  /** Webhooks: the receiver's HTTP status and how long it took. */
  responseCode: number | null;
  responseMs: number | null;
  /** Who or what it went to (an address, a number, a URL host). */
  target: string | null;
  executedAt: string | null;
  booking: {
    _id: string;
    attendeeName: string;
    attendeeEmail: string;
    eventName: string;
    startTime: string;
  };
  createdAt: string;
}

export interface ExecutionsPage {
  workflow: { _id: string; name: string; isActive: boolean };
  data: WorkflowExecutionDto[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface WorkflowTestResult {
  actionIndex: number;
  actionType: WorkflowActionType;
  ok: boolean;
  /** What happened, in words ("Email queued to you@example.com", "HTTP 204 in 38 ms"). */
  message: string;
}

export interface WorkflowTemplate {
  id: string;
  name: string;
  description: string;
  trigger: WorkflowTriggerInput;
  actions: WorkflowAction[];
}
