-- The dashboard rollup (booking_stats) stays exact: every booking write that can change a day's
-- figures records the booking's start and attendee, old and new, for the next dashboard read to
-- recompute that day and the day of the attendee's next booking (features/analytics/repo-stats.ts).
-- Every host's writes are recorded, built rollup or not: a write that committed while a first build
-- read the bookings is then still recorded for the next read (a build only takes out the records it
-- saw before reading). Not while an account is being deleted (its rows go with it).
CREATE FUNCTION "booking_stats_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."host_user_id")) THEN
		INSERT INTO "booking_stats_changes" ("host_user_id", "start_time", "attendee_email")
		VALUES (OLD."host_user_id", OLD."start_time", OLD."attendee_email");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."host_user_id", NEW."start_time", NEW."attendee_email")
			IS DISTINCT FROM (OLD."host_user_id", OLD."start_time", OLD."attendee_email")) THEN
		INSERT INTO "booking_stats_changes" ("host_user_id", "start_time", "attendee_email")
		VALUES (NEW."host_user_id", NEW."start_time", NEW."attendee_email");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_stats_changes" AFTER INSERT OR DELETE OR UPDATE OF "host_user_id", "start_time", "end_time", "status", "event_type_id", "attendee_email", "event_title", "event_color" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "booking_stats_record_change"();
