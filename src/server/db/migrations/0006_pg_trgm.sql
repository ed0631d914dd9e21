-- Trigram indexes make the Meetings search (a substring of attendee name, email, phone or event
-- type) an index lookup instead of a scan of every booking. PGlite loads the extension in
-- db/client.ts; on PostgreSQL it ships with the server (contrib) and is trusted, so a database
-- owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
