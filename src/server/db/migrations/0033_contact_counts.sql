CREATE TABLE "contact_counts" (
	"host_user_id" uuid NOT NULL,
	"relationship_stage" text NOT NULL,
	"priority" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_counts_host_idx" ON "contact_counts" USING btree ("host_user_id");--> statement-breakpoint
-- The contact list's totals per stage and priority stay exact without counting the contacts: every
-- statement that adds, removes or moves contacts between cells appends its change (+n / -n) in the
-- same transaction. Rows are only ever appended here, so concurrent bookings of one host never wait
-- on a shared counter row; reads sum a host's rows and fold them when they pile up
-- (features/contacts/repo-counts.ts). Inserts and deletes are counted once per statement (an import
-- batch, a bulk delete); a stage or priority change once per changed row, which most updates (meeting
-- recounts, edits of other fields) skip in the trigger's WHEN without calling a function.
CREATE FUNCTION "contact_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "contact_counts" ("host_user_id", "relationship_stage", "priority", "n")
	SELECT "host_user_id", "relationship_stage", "priority", count(*) FROM "added_contacts"
	GROUP BY 1, 2, 3;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Not for a deleted account's contacts: its counts go with it (and the foreign key would refuse them).
CREATE FUNCTION "contact_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "contact_counts" ("host_user_id", "relationship_stage", "priority", "n")
	SELECT r."host_user_id", r."relationship_stage", r."priority", -count(*) FROM "removed_contacts" r
	WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."host_user_id")
	GROUP BY 1, 2, 3;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "contact_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "contact_counts" ("host_user_id", "relationship_stage", "priority", "n")
	VALUES (OLD."host_user_id", OLD."relationship_stage", OLD."priority", -1),
		(NEW."host_user_id", NEW."relationship_stage", NEW."priority", 1);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_counts_insert" AFTER INSERT ON "contacts"
	REFERENCING NEW TABLE AS "added_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "contacts_counts_delete" AFTER DELETE ON "contacts"
	REFERENCING OLD TABLE AS "removed_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "contacts_counts_update" AFTER UPDATE OF "host_user_id", "relationship_stage", "priority" ON "contacts"
	FOR EACH ROW WHEN ((OLD."host_user_id", OLD."relationship_stage", OLD."priority")
		IS DISTINCT FROM (NEW."host_user_id", NEW."relationship_stage", NEW."priority"))
	EXECUTE FUNCTION "contact_counts_moved"();
--> statement-breakpoint
INSERT INTO "contact_counts" ("host_user_id", "relationship_stage", "priority", "n")
SELECT "host_user_id", "relationship_stage", "priority", count(*) FROM "contacts" GROUP BY 1, 2, 3;
