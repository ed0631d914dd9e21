-- Bookings made before contacts existed get their contacts, as the booking listener makes them now:
-- one per host and invitee email (the latest booking's name, phone and zone), never the host's own.
INSERT INTO "contacts" ("host_user_id", "email", "full_name", "phone", "timezone", "source", "created_at")
SELECT DISTINCT ON (b."host_user_id", b."attendee_email")
       b."host_user_id", b."attendee_email", b."attendee_name", b."attendee_phone", b."attendee_timezone", 'booking',
       min(b."created_at") OVER (PARTITION BY b."host_user_id", b."attendee_email")
FROM "bookings" b JOIN "users" u ON u."id" = b."host_user_id"
WHERE b."attendee_email" <> lower(u."email")
ORDER BY b."host_user_id", b."attendee_email", b."created_at" DESC
ON CONFLICT ("host_user_id", "email") DO NOTHING;
--> statement-breakpoint
-- Their counts: confirmed meetings that have ended, and when the next one ends (see contacts/repo.ts).
UPDATE "contacts" c SET
  "total_meetings" = s.n, "last_meeting_at" = s.last, "counts_valid_until" = s.next
FROM (
  SELECT b."host_user_id", b."attendee_email",
         count(*) FILTER (WHERE b."end_time" <= now())::int AS n,
         max(b."start_time") FILTER (WHERE b."end_time" <= now()) AS last,
         min(b."end_time") FILTER (WHERE b."end_time" > now()) AS next
  FROM "bookings" b WHERE b."status" = 'confirmed'
  GROUP BY b."host_user_id", b."attendee_email"
) s
WHERE c."host_user_id" = s."host_user_id" AND c."email" = s."attendee_email";
