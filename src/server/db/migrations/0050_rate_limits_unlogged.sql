-- Rate-limit counters matter for their window, a minute or so (issue 30): unlogged, so a hit's commit
-- does not wait for the write-ahead log to reach the disk. Every limited request from one address
-- updates that address's row and holds its lock until the commit: at 300 bookings a second from one
-- address, each waited 2-3 ms for the ones before it. A crash empties the table: every client then
-- starts a fresh window.
ALTER TABLE "rate_limits" SET UNLOGGED;
