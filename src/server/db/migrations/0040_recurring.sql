CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" uuid NOT NULL,
	"event_type_id" uuid,
	"frequency" text NOT NULL,
	"count" integer NOT NULL,
	"timezone" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_frequency_check" CHECK ("booking_series"."frequency" in ('weekly', 'biweekly', 'monthly')),
	CONSTRAINT "booking_series_count_check" CHECK ("booking_series"."count" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "recurrence" jsonb;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_host_idx" ON "booking_series" USING btree ("host_user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id","series_index") WHERE "bookings"."series_id" is not null;