CREATE TABLE "availability_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"weekly" jsonb NOT NULL,
	"buffer_time_before" integer DEFAULT 0 NOT NULL,
	"buffer_time_after" integer DEFAULT 0 NOT NULL,
	"minimum_notice" integer DEFAULT 0 NOT NULL,
	"maximum_notice" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_schedules_numbers_check" CHECK ("availability_schedules"."buffer_time_before" >= 0 and "availability_schedules"."buffer_time_after" >= 0 and "availability_schedules"."minimum_notice" >= 0 and "availability_schedules"."maximum_notice" >= 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"buffer_time" integer NOT NULL,
	"minimum_notice" integer NOT NULL,
	"sync" jsonb NOT NULL,
	"notifications" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_holidays_range_check" CHECK ("custom_holidays"."end_date" >= "custom_holidays"."start_date")
);
--> statement-breakpoint
CREATE TABLE "date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"is_available" boolean NOT NULL,
	"reason" text,
	"time_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holiday_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"country_code" text,
	"disabled_holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_schedules" ADD CONSTRAINT "availability_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_holidays" ADD CONSTRAINT "custom_holidays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_overrides" ADD CONSTRAINT "date_overrides_schedule_id_availability_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."availability_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_overrides" ADD CONSTRAINT "date_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_settings" ADD CONSTRAINT "holiday_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_schedules_user_idx" ON "availability_schedules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_schedules_one_default_key" ON "availability_schedules" USING btree ("user_id") WHERE "availability_schedules"."is_default";--> statement-breakpoint
CREATE INDEX "custom_holidays_user_idx" ON "custom_holidays" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "date_overrides_schedule_date_key" ON "date_overrides" USING btree ("schedule_id","date");--> statement-breakpoint
CREATE INDEX "date_overrides_user_idx" ON "date_overrides" USING btree ("user_id");