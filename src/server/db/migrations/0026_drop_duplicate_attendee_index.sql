-- 0025 added bookings_host_attendee_idx for the contacts recount, but 0013 already serves it:
-- bookings_host_attendee_email_idx (host_user_id, attendee_email, start_time, end_time, status). Two
-- indexes of one host and email only cost every booking write a second index entry.
DROP INDEX "bookings_host_attendee_idx";
