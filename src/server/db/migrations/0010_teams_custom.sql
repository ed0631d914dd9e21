-- Team event types go with their team. (event-types.ts cannot import teams.ts, which imports it.)
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade;
--> statement-breakpoint
-- No host is double-booked through any booking: the same rule as bookings_no_overlap, over every
-- (booking, host) pair, so a collective booking's other hosts are covered too.
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_no_overlap" EXCLUDE USING gist (
	"host_user_id" WITH =,
	tstzrange("start_time", "end_time") WITH &&,
	"slot_key" WITH <>
) WHERE ("status" = 'confirmed');
--> statement-breakpoint
-- The booking's own host row follows the booking (created with it, moved, cancelled, reassigned
-- with it) and every other host row takes its times and status, so the constraint above always
-- sees the truth without each write path having to remember.
CREATE FUNCTION "booking_hosts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "booking_hosts" ("booking_id", "host_user_id", "event_type_id", "start_time", "end_time", "status", "slot_key")
		VALUES (NEW."id", NEW."host_user_id", NEW."event_type_id", NEW."start_time", NEW."end_time", NEW."status", NEW."slot_key");
	ELSE
		IF NEW."host_user_id" <> OLD."host_user_id" THEN
			UPDATE "booking_hosts" SET "host_user_id" = NEW."host_user_id"
			WHERE "booking_id" = NEW."id" AND "host_user_id" = OLD."host_user_id";
		END IF;
		UPDATE "booking_hosts" SET "event_type_id" = NEW."event_type_id", "start_time" = NEW."start_time",
			"end_time" = NEW."end_time", "status" = NEW."status", "slot_key" = NEW."slot_key"
		WHERE "booking_id" = NEW."id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_booking_hosts" AFTER INSERT OR UPDATE OF "host_user_id", "event_type_id", "start_time", "end_time", "status", "slot_key" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "booking_hosts_sync"();
--> statement-breakpoint
INSERT INTO "booking_hosts" ("booking_id", "host_user_id", "event_type_id", "start_time", "end_time", "status", "slot_key")
SELECT "id", "host_user_id", "event_type_id", "start_time", "end_time", "status", "slot_key" FROM "bookings";
