CREATE TABLE "booking_stats" (
	"host_user_id" uuid NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"event_type_id" uuid,
	"event_title" text DEFAULT '' NOT NULL,
	"event_color" text DEFAULT '' NOT NULL,
	"bookings" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"new_attendees" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_stats_builds" (
	"host_user_id" uuid PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_stats_changes" (
	"host_user_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"attendee_email" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_stats" ADD CONSTRAINT "booking_stats_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_stats_builds" ADD CONSTRAINT "booking_stats_builds_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_stats_changes" ADD CONSTRAINT "booking_stats_changes_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_stats_host_day_idx" ON "booking_stats" USING btree ("host_user_id","zone","day");--> statement-breakpoint
CREATE INDEX "booking_stats_changes_host_idx" ON "booking_stats_changes" USING btree ("host_user_id");