ALTER TABLE "contacts" ADD COLUMN "source_attribution" jsonb;--> statement-breakpoint
-- Contacts made before this: the attribution of their first booking that had one (issue 25).
UPDATE "contacts" c SET "source_attribution" = first."attribution"
FROM (
	SELECT DISTINCT ON ("host_user_id", "attendee_email") "host_user_id", "attendee_email", "attribution"
	FROM "bookings" WHERE "attribution" IS NOT NULL
	ORDER BY "host_user_id", "attendee_email", "created_at"
) first
WHERE c."host_user_id" = first."host_user_id" AND c."email" = first."attendee_email";
