import { and, count, desc, eq, gte, inArray, lt, max, type SQL, sql } from "drizzle-orm";
import type { ExecutionStatus } from "../../../contract/workflows.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  type WorkflowExecutionRow,
  type WorkflowRow,
  workflowExecutions,
  workflows,
} from "../../db/schema/index.js";

export type NewWorkflow = typeof workflows.$inferInsert;
export type NewExecution = typeof workflowExecutions.$inferInsert;
export type WorkflowPatch = Partial<
  Pick<
    NewWorkflow,
    | "name"
    | "description"
    | "isActive"
    | "triggerType"
    | "eventTypeIds"
    | "timeOffset"
    | "actions"
    | "webhookSecret"
  >
>;
export type ExecutionPatch = Partial<
  Pick<
    NewExecution,
    | "status"
    | "attempts"
    | "error"
    | "responseCode"
    | "responseMs"
    | "target"
    | "executedAt"
    | "jobId"
    | "scheduledFor"
  >
>;

export interface Stats {
  totalRuns: number;
  successfulRuns: number;
  failedRuns: number;
  lastRun: Date | null;
}

export interface ExecutionFilter {
  status?: ExecutionStatus;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

/** Runs that happened (sent or failed); scheduled, skipped and cancelled ones did not run. */
const RAN = sql`${workflowExecutions.status} in ('sent', 'failed')`;

export function createWorkflowsRepo(db: DbOrTx) {
  return {
    listForUser(userId: string): Promise<WorkflowRow[]> {
      return db
        .select()
        .from(workflows)
        .where(eq(workflows.userId, userId))
        .orderBy(desc(workflows.createdAt));
    },

    async statsFor(workflowIds: string[]): Promise<Map<string, Stats>> {
      if (workflowIds.length === 0) return new Map();
      const rows = await db
        .select({
          workflowId: workflowExecutions.workflowId,
          total: sql<number>`count(*) filter (where ${RAN})`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${workflowExecutions.status} = 'sent')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${workflowExecutions.status} = 'failed')`.mapWith(
            Number,
          ),
          lastRun: max(workflowExecutions.executedAt),
        })
        .from(workflowExecutions)
        .where(inArray(workflowExecutions.workflowId, workflowIds))
        .groupBy(workflowExecutions.workflowId);
      return new Map(
        rows.map((r) => [
          r.workflowId,
          { totalRuns: r.total, successfulRuns: r.sent, failedRuns: r.failed, lastRun: r.lastRun },
        ]),
      );
    },

    async findForUser(userId: string, id: string): Promise<WorkflowRow | undefined> {
      const [row] = await db
        .select()
        .from(workflows)
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)))
        .limit(1);
      return row;
    },

    async findById(id: string): Promise<WorkflowRow | undefined> {
      const [row] = await db.select().from(workflows).where(eq(workflows.id, id)).limit(1);
      return row;
    },

    /** The host's active workflows: what a booking change may set off. */
    activeForUser(userId: string): Promise<WorkflowRow[]> {
      return db
        .select()
        .from(workflows)
        .where(and(eq(workflows.userId, userId), eq(workflows.isActive, true)));
    },

    async insert(values: NewWorkflow): Promise<WorkflowRow> {
      const [row] = await db.insert(workflows).values(values).returning();
      return row;
    },

    async update(
      userId: string,
      id: string,
      patch: WorkflowPatch,
      at: Date,
    ): Promise<WorkflowRow | undefined> {
      const [row] = await db
        .update(workflows)
        .set({ ...patch, updatedAt: at })
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(workflows)
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)))
        .returning({ id: workflows.id });
      return rows.length > 0;
    },

    /**
     * Plans runs. A run that exists already (same workflow, booking, action and time) is left alone,
     * unless it was cancelled: then it is planned again (a booking moved back to its old time).
     * Returns the runs now scheduled.
     */
    insertExecutions(rows: NewExecution[]): Promise<WorkflowExecutionRow[]> {
      if (rows.length === 0) return Promise.resolve([]);
      return db
        .insert(workflowExecutions)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            workflowExecutions.workflowId,
            workflowExecutions.bookingId,
            workflowExecutions.actionIndex,
            workflowExecutions.scheduledFor,
          ],
          set: {
            status: "scheduled",
            attempts: 0,
            error: null,
            responseCode: null,
            responseMs: null,
            executedAt: null,
            bookingStart: sql`excluded.booking_start`,
          },
          setWhere: sql`${workflowExecutions.status} = 'cancelled'`,
        })
        .returning();
    },

    /** Cancels scheduled runs; returns them (their jobs are cancelled by the caller). */
    cancelScheduled(
      where: { bookingId?: string; workflowId?: string; triggers?: string[] },
      reason: string,
    ): Promise<WorkflowExecutionRow[]> {
      const parts: SQL[] = [eq(workflowExecutions.status, "scheduled")];
      if (where.bookingId) parts.push(eq(workflowExecutions.bookingId, where.bookingId));
      if (where.workflowId) parts.push(eq(workflowExecutions.workflowId, where.workflowId));
      if (where.triggers) parts.push(inArray(workflowExecutions.trigger, where.triggers));
      return db
        .update(workflowExecutions)
        .set({ status: "cancelled", error: reason })
        .where(and(...parts))
        .returning();
    },

    async findExecution(id: string): Promise<WorkflowExecutionRow | undefined> {
      const [row] = await db.select().from(workflowExecutions).where(eq(workflowExecutions.id, id)).limit(1);
      return row;
    },

    /** A run with its workflow (null once deleted), in one query: the job handler's first read. */
    async findExecutionWithWorkflow(
      id: string,
    ): Promise<{ ex: WorkflowExecutionRow; wf: WorkflowRow | null } | undefined> {
      const [row] = await db
        .select({ ex: workflowExecutions, wf: workflows })
        .from(workflowExecutions)
        .leftJoin(workflows, eq(workflows.id, workflowExecutions.workflowId))
        .where(eq(workflowExecutions.id, id))
        .limit(1);
      return row;
    },

    async findExecutionForUser(userId: string, workflowId: string, id: string) {
      const [row] = await db
        .select()
        .from(workflowExecutions)
        .where(
          and(
            eq(workflowExecutions.id, id),
            eq(workflowExecutions.workflowId, workflowId),
            eq(workflowExecutions.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },

    async updateExecution(id: string, patch: ExecutionPatch): Promise<void> {
      await db.update(workflowExecutions).set(patch).where(eq(workflowExecutions.id, id));
    },

    async listExecutions(
      workflowId: string,
      f: ExecutionFilter,
    ): Promise<{ rows: WorkflowExecutionRow[]; total: number }> {
      const parts: SQL[] = [eq(workflowExecutions.workflowId, workflowId)];
      if (f.status) parts.push(eq(workflowExecutions.status, f.status));
      if (f.action) parts.push(eq(workflowExecutions.actionType, f.action));
      if (f.from) parts.push(gte(workflowExecutions.scheduledFor, f.from));
      if (f.to) parts.push(lt(workflowExecutions.scheduledFor, f.to));
      const where = and(...parts);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(workflowExecutions)
          .where(where)
          .orderBy(desc(workflowExecutions.scheduledFor), desc(workflowExecutions.createdAt))
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db.select({ total: count() }).from(workflowExecutions).where(where),
      ]);
      return { rows, total };
    },
  };
}

export type WorkflowsRepo = ReturnType<typeof createWorkflowsRepo>;

/**
 * The host's active workflows, kept prepared on PGlite (db/prepared.ts): every booking's listener
 * asks, and most hosts have none. Make one per database; run it with the booking's transaction.
 */
export function createActiveWorkflowsQuery(
  db: Db,
): (handle: DbOrTx, userId: string) => Promise<WorkflowRow[]> {
  const run = keptStatement(db, "workflows_active_for_user", (h) =>
    h
      .select()
      .from(workflows)
      .where(and(eq(workflows.userId, sql.placeholder("userId")), eq(workflows.isActive, true)))
      .prepare("workflows_active_for_user"),
  );
  return (handle, userId) => run(handle, { userId });
}
