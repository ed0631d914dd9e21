ALTER TABLE "bookings" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "embed_allowed_origins" text[] DEFAULT '{}' NOT NULL;