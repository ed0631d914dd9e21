CREATE TABLE "booker_block_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"rule" text NOT NULL,
	"event_title" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booker_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booker_block_attempts" ADD CONSTRAINT "booker_block_attempts_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booker_blocks" ADD CONSTRAINT "booker_blocks_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booker_block_attempts_host_idx" ON "booker_block_attempts" USING btree ("host_user_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booker_blocks_host_value_idx" ON "booker_blocks" USING btree ("host_user_id","value");