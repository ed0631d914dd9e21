ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
DROP INDEX "bookings_idempotency_key";--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD COLUMN "booking_limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "confirmation" jsonb DEFAULT '{"required":false,"noticeHours":null,"expiryHours":24}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "booking_limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key" ON "bookings" USING btree ("event_type_id","start_time","attendee_email") WHERE "bookings"."status" in ('confirmed', 'pending');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled', 'no_show', 'pending', 'declined', 'expired'));--> statement-breakpoint
-- Requests (issue 28): a pending booking holds its slot exactly like a confirmed one, so no second
-- booker, request or confirmation can take it; declined and expired requests hold nothing. The sync
-- trigger (0010) already copies every status to booking_hosts, so the team rule follows.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"host_user_id" WITH =,
	tstzrange("start_time", "end_time") WITH &&,
	"slot_key" WITH <>
) WHERE ("status" in ('confirmed', 'pending'));
--> statement-breakpoint
ALTER TABLE "booking_hosts" DROP CONSTRAINT "booking_hosts_no_overlap";
--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_no_overlap" EXCLUDE USING gist (
	"host_user_id" WITH =,
	tstzrange("start_time", "end_time") WITH &&,
	"slot_key" WITH <>
) WHERE ("status" in ('confirmed', 'pending'));
