-- The dashboard rollup (booking_stats) stays exact: every booking write that can change a day's
-- figures records the booking's start and attendee, old and new, for the next dashboard read to
-- recompute that day and the day of the attendee's next booking (features/analytics/repo-stats.ts).
-- Only hosts whose rollup is built are recorded (the others get a full build on their first read),
-- and not while their account is being deleted.
CREATE FUNCTION "booking_stats_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "booking_stats_changes" ("host_user_id", "start_time", "attendee_email")
		SELECT OLD."host_user_id", OLD."start_time", OLD."attendee_email"
		WHERE EXISTS (SELECT 1 FROM "booking_stats_builds" WHERE "host_user_id" = OLD."host_user_id")
			AND EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."host_user_id");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."host_user_id", NEW."start_time", NEW."attendee_email")
			IS DISTINCT FROM (OLD."host_user_id", OLD."start_time", OLD."attendee_email")) THEN
		INSERT INTO "booking_stats_changes" ("host_user_id", "start_time", "attendee_email")
		SELECT NEW."host_user_id", NEW."start_time", NEW."attendee_email"
		WHERE EXISTS (SELECT 1 FROM "booking_stats_builds" WHERE "host_user_id" = NEW."host_user_id");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_stats_changes" AFTER INSERT OR DELETE OR UPDATE OF "host_user_id", "start_time", "end_time", "status", "event_type_id", "attendee_email", "event_title", "event_color" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "booking_stats_record_change"();
