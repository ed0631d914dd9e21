-- Buffers, minimum notice and the booking window now come from the event type alone (ARCHITECTURE.md,
-- "Booking rules"). Until now the slot engine took the longest of the event type's notice, its
-- schedule's buffers and notice, and the host's calendar settings: each event type takes those
-- effective values once here, so no host's open times change. Its schedule is its own, else the
-- host's default. The schedule's maximum notice is not copied: the event type's window wins (an
-- "Indefinitely" window was capped by it, which was the bug).
WITH rules AS (
  SELECT et."id",
         greatest(coalesce(s."buffer_time_before", 0), coalesce(cs."buffer_time", 0)) AS before,
         greatest(coalesce(s."buffer_time_after", 0), coalesce(cs."buffer_time", 0)) AS after,
         (et."booking_settings"->>'leadHours')::int * CASE et."booking_settings"->>'noticeUnit'
           WHEN 'minutes' THEN 1 WHEN 'days' THEN 1440 ELSE 60 END AS own,
         greatest(coalesce(s."minimum_notice", 0), coalesce(cs."minimum_notice", 0)) AS legacy
  FROM "event_types" et
  LEFT JOIN "availability_schedules" s ON s."id" = coalesce(
    et."availability_schedule_id",
    (SELECT d."id" FROM "availability_schedules" d WHERE d."user_id" = et."user_id" AND d."is_default")
  )
  LEFT JOIN "calendar_settings" cs ON cs."user_id" = et."user_id"
  WHERE et."booking_settings"->'bufferBefore' IS NULL
)
UPDATE "event_types" et SET "booking_settings" = et."booking_settings"
  || jsonb_build_object('bufferBefore', r.before, 'bufferAfter', r.after)
  || CASE
       WHEN r.legacy <= coalesce(r.own, 0) THEN '{}'::jsonb
       WHEN r.legacy % 1440 = 0 THEN jsonb_build_object('leadHours', r.legacy / 1440, 'noticeUnit', 'days')
       WHEN r.legacy % 60 = 0 OR r.legacy > 10000
         THEN jsonb_build_object('leadHours', ceil(r.legacy / 60.0)::int, 'noticeUnit', 'hours')
       ELSE jsonb_build_object('leadHours', r.legacy, 'noticeUnit', 'minutes')
     END
FROM rules r
WHERE r."id" = et."id";
