-- One rule against double booking, not two (issue 30). booking_hosts_no_overlap (0010, widened in 0036)
-- refuses two holding rows of one host whose times overlap, and the sync trigger on bookings writes the
-- booking's own host row in the same statement as the booking: every booking, one host's or a team's, is
-- checked there, with the same SQLSTATE (23P01). bookings_no_overlap checked the same thing a second time,
-- a GiST index entry and probe per booking written, moved or cancelled.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
