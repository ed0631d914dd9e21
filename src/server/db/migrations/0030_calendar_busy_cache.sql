CREATE TABLE "calendar_busy_cache" (
	"calendar_id" uuid NOT NULL,
	"zone" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"intervals" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "calendar_busy_cache_calendar_id_zone_range_from_range_to_pk" PRIMARY KEY("calendar_id","zone","range_from","range_to")
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_cache" ADD CONSTRAINT "calendar_busy_cache_calendar_id_calendar_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendar_calendars"("id") ON DELETE cascade ON UPDATE no action;