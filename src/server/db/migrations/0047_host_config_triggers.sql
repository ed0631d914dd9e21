-- What a new booking's listeners read of their host (webhook subscriptions, workflows, whether a
-- calendar is connected, booker blocks) changes rarely; every change raises the host's counter in
-- host_config_versions, in the same transaction. The slot check reads the counter with the event type,
-- and each feature reuses its last read of that host while the counter stands (issue 30: four reads
-- fewer per booking). Any change counts, even one the cache would not need (a webhook's failure
-- count): a miss only costs the read. Not for a deleted account: its counter goes with it (and the
-- foreign key would refuse it). The column holding the host is the trigger's argument.
CREATE FUNCTION "host_config_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	host uuid;
BEGIN
	host := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::uuid;
	IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0])::uuid IS DISTINCT FROM host THEN
		INSERT INTO "host_config_versions" ("host_user_id") SELECT u."id" FROM "users" u
		WHERE u."id" = (to_jsonb(OLD) ->> TG_ARGV[0])::uuid
		ON CONFLICT ("host_user_id") DO UPDATE SET "version" = "host_config_versions"."version" + 1;
	END IF;
	INSERT INTO "host_config_versions" ("host_user_id") SELECT u."id" FROM "users" u WHERE u."id" = host
	ON CONFLICT ("host_user_id") DO UPDATE SET "version" = "host_config_versions"."version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_subscriptions_host_config" AFTER INSERT OR UPDATE OR DELETE ON "webhook_subscriptions"
FOR EACH ROW EXECUTE FUNCTION "host_config_bump"('host_user_id');
--> statement-breakpoint
CREATE TRIGGER "workflows_host_config" AFTER INSERT OR UPDATE OR DELETE ON "workflows"
FOR EACH ROW EXECUTE FUNCTION "host_config_bump"('user_id');
--> statement-breakpoint
-- Token refreshes and sync state rewrite accounts often; only what the booking path reads counts.
CREATE TRIGGER "calendar_accounts_host_config" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "is_active", "is_primary" ON "calendar_accounts"
FOR EACH ROW EXECUTE FUNCTION "host_config_bump"('user_id');
--> statement-breakpoint
CREATE TRIGGER "booker_blocks_host_config" AFTER INSERT OR UPDATE OR DELETE ON "booker_blocks"
FOR EACH ROW EXECUTE FUNCTION "host_config_bump"('host_user_id');
