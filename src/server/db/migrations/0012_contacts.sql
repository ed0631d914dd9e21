CREATE TABLE "contact_avatars" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"linked_in" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"relationship_stage" text DEFAULT 'prospect' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"avatar_version" integer,
	"host_edited" text[] DEFAULT '{}' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"total_meetings" integer DEFAULT 0 NOT NULL,
	"last_meeting_at" timestamp with time zone,
	"counts_valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("contacts"."full_name" || chr(10) || "contacts"."email" || chr(10) || "contacts"."company" || chr(10) || "contacts"."job_title")) STORED NOT NULL,
	CONSTRAINT "contacts_stage_check" CHECK ("contacts"."relationship_stage" in ('prospect', 'lead', 'customer', 'partner', 'other')),
	CONSTRAINT "contacts_priority_check" CHECK ("contacts"."priority" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "contact_avatars" ADD CONSTRAINT "contact_avatars_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_host_email_key" ON "contacts" USING btree ("host_user_id","email");--> statement-breakpoint
CREATE INDEX "contacts_host_name_idx" ON "contacts" USING btree ("host_user_id",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_host_created_idx" ON "contacts" USING btree ("host_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_host_last_met_idx" ON "contacts" USING btree ("host_user_id","last_meeting_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_host_meetings_idx" ON "contacts" USING btree ("host_user_id","total_meetings","id");--> statement-breakpoint
CREATE INDEX "contacts_host_stage_name_idx" ON "contacts" USING btree ("host_user_id","relationship_stage",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_host_priority_name_idx" ON "contacts" USING btree ("host_user_id","priority",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_counts_due_idx" ON "contacts" USING btree ("host_user_id","counts_valid_until") WHERE "contacts"."counts_valid_until" is not null;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);