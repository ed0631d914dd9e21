CREATE TABLE "workflow_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"action_index" integer NOT NULL,
	"action_type" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"response_code" integer,
	"response_ms" integer,
	"target" text,
	"executed_at" timestamp with time zone,
	"job_id" uuid,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"event_name" text NOT NULL,
	"booking_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"trigger_type" text NOT NULL,
	"event_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"time_offset" jsonb,
	"actions" jsonb NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_executions_once" ON "workflow_executions" USING btree ("workflow_id","booking_id","action_index","scheduled_for");--> statement-breakpoint
CREATE INDEX "workflow_executions_list_idx" ON "workflow_executions" USING btree ("workflow_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "workflow_executions_booking_idx" ON "workflow_executions" USING btree ("booking_id","status");--> statement-breakpoint
CREATE INDEX "workflows_user_idx" ON "workflows" USING btree ("user_id","is_active");