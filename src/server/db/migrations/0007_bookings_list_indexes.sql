DROP INDEX "bookings_host_start_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("bookings"."attendee_name" || chr(10) || "bookings"."attendee_email" || chr(10) || "bookings"."attendee_phone" || chr(10) || "bookings"."event_title")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_host_start_cover_idx" ON "bookings" USING btree ("host_user_id","start_time","id","end_time","status","event_type_id","attendee_email");--> statement-breakpoint
CREATE INDEX "bookings_host_status_start_idx" ON "bookings" USING btree ("host_user_id","status","start_time","id","end_time");--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);