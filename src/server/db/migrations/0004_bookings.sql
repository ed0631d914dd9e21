CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"host_user_id" uuid NOT NULL,
	"event_type_id" uuid,
	"event_title" text NOT NULL,
	"event_color" text NOT NULL,
	"event_slug" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"slot_key" text NOT NULL,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"attendee_phone" text NOT NULL,
	"attendee_timezone" text NOT NULL,
	"host_timezone" text NOT NULL,
	"location" jsonb,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"guests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"manage_token_hash" text NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_note" text,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_uid_key" ON "bookings" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "bookings_host_start_idx" ON "bookings" USING btree ("host_user_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_event_type_start_idx" ON "bookings" USING btree ("event_type_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key" ON "bookings" USING btree ("event_type_id","start_time","attendee_email") WHERE "bookings"."status" = 'confirmed';