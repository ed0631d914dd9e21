CREATE TABLE "event_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"duration" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"slug" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booking_settings" jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_invitees" integer DEFAULT 1 NOT NULL,
	"availability_schedule_id" uuid,
	"google_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_types_duration_check" CHECK ("event_types"."duration" between 5 and 480),
	CONSTRAINT "event_types_max_invitees_check" CHECK ("event_types"."max_invitees" >= 1)
);
--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_availability_schedule_id_availability_schedules_id_fk" FOREIGN KEY ("availability_schedule_id") REFERENCES "public"."availability_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_slug_key" ON "event_types" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "event_types_user_idx" ON "event_types" USING btree ("user_id");