-- No double booking, enforced by the database: two confirmed bookings of one host may not
-- overlap in time unless they share slot_key (the seats of one group-event slot). drizzle's
-- pg-core cannot express EXCLUDE, hence this hand-written migration.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"host_user_id" WITH =,
	tstzrange("start_time", "end_time") WITH &&,
	"slot_key" WITH <>
) WHERE ("status" = 'confirmed');
