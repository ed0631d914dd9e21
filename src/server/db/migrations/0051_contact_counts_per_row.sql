-- New contacts are counted per row, not per statement (issue 30). A statement-level trigger fires for
-- every INSERT into contacts, rows or not: a returning invitee's booking, whose upsert inserts nothing,
-- paid for a transition table, a PL/pgSQL call and an empty INSERT ... SELECT (about 6% of a booking's
-- CPU on PGlite). A row-level trigger fires only for a row inserted.
-- An import inserts thousands of rows per statement, one call each would cost more than the batch:
-- its statement appends its own counts (contacts/repo-import.ts), so rows it inserts (source 'import',
-- which nothing else writes) are skipped here in the trigger's WHEN, without calling a function.
DROP TRIGGER "contacts_counts_insert" ON "contacts";
--> statement-breakpoint
DROP FUNCTION "contact_counts_added"();
--> statement-breakpoint
CREATE FUNCTION "contact_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "contact_counts" ("host_user_id", "relationship_stage", "priority", "n")
	VALUES (NEW."host_user_id", NEW."relationship_stage", NEW."priority", 1);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_counts_insert" AFTER INSERT ON "contacts"
	FOR EACH ROW WHEN (NEW."source" <> 'import') EXECUTE FUNCTION "contact_counts_added"();
