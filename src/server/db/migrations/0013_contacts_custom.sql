-- Contacts recount a host's meetings with one email on every booking change and show that
-- email's meeting timeline: both read the host's bookings of one attendee email, through this index.
CREATE INDEX IF NOT EXISTS "bookings_host_attendee_email_idx" ON "bookings" USING btree ("host_user_id", "attendee_email", "start_time", "end_time", "status");
