-- 0019 adds users.username without NOT NULL so existing hosts can get one here: their name in
-- lower case with hyphens (as sign-up does), or user-<hash> when that is too short or reserved;
-- later holders of a taken name get a short suffix from their id. Then the column becomes NOT NULL.
WITH base AS (
  SELECT id, created_at,
    trim(both '-' from left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 34)) AS b
  FROM users
  WHERE username IS NULL
), picked AS (
  SELECT id, created_at,
    CASE
      WHEN length(b) < 3 OR b IN ('about','account','accounts','admin','administrator','api','app','apps','assets','auth','availability','billing','blog','book','booking','booking-confirmed','bookings','calendar','calendars','confirm-email','contact','contacts','dashboard','docs','event-types','events','favicon','forgot-password','help','home','integrations','kairos','login','logout','meetings','new','null','oauth','org','orgs','poll','polls','pricing','privacy','privacy-policy','profile','public','reset-password','root','security','settings','signin','signout','signup','sso','static','status','support','system','team','team-invite','team-invites','teams','terms','terms-and-conditions','undefined','user','users','webhooks','workflows','www')
        THEN 'user-' || left(md5(id::text), 8)
      ELSE b
    END AS p
  FROM base
), ranked AS (
  SELECT id, p, row_number() OVER (PARTITION BY p ORDER BY created_at, id) AS rn FROM picked
)
UPDATE users u
SET username = CASE WHEN r.rn = 1 THEN r.p ELSE r.p || '-' || left(md5(u.id::text), 6) END
FROM ranked r
WHERE u.id = r.id;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username" SET NOT NULL;
