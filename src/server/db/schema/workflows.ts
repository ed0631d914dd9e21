import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { TimeOffset, WorkflowAction } from "../../../contract/workflows.js";
import { users } from "./users.js";

export const workflows = pgTable(
  "workflows",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    triggerType: text("trigger_type").notNull(),
    /** Event type ids; empty means all. */
    eventTypeIds: uuid("event_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    timeOffset: jsonb("time_offset").$type<TimeOffset | null>(),
    actions: jsonb("actions").$type<WorkflowAction[]>().notNull(),
    /** Standard Webhooks signing secret ("whsec_" + base64 of 24 random bytes). */
    webhookSecret: text("webhook_secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workflows_user_idx").on(t.userId, t.isActive)],
);

/**
 * One run of one action of a workflow for one booking at one trigger time. The unique index is the
 * exactly-once rule: a second announcement of the same change cannot queue a second run.
 */
export const workflowExecutions = pgTable(
  "workflow_executions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    bookingId: uuid("booking_id").notNull(),
    trigger: text("trigger").notNull(),
    actionIndex: integer("action_index").notNull(),
    actionType: text("action_type").notNull(),
    /** When the trigger fires (before its offset is applied to a late start: see runAt of the job). */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    /** scheduled -> sent | failed | skipped; scheduled -> cancelled. */
    status: text("status").notNull().default("scheduled"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    responseCode: integer("response_code"),
    responseMs: integer("response_ms"),
    target: text("target"),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    jobId: uuid("job_id"),
    /** What the Executions screen shows about the booking, as it was when the run was planned. */
    attendeeName: text("attendee_name").notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    eventName: text("event_name").notNull(),
    bookingStart: timestamp("booking_start", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workflow_executions_once").on(t.workflowId, t.bookingId, t.actionIndex, t.scheduledFor),
    index("workflow_executions_list_idx").on(t.workflowId, t.scheduledFor),
    index("workflow_executions_booking_idx").on(t.bookingId, t.status),
  ],
);

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowExecutionRow = typeof workflowExecutions.$inferSelect;
