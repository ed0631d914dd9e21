/**
 * Username rules, without zod: the public booking app imports this (its bundle stays small) to tell
 * /{username}/{slug} from the app's own paths.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;

/** Lower-case letters, digits and single hyphens between them. */
export const USERNAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words that are, or may become, the app's own first path segment, plus names that would mislead
 * invitees. /{username} pages are served only for names outside this list, so no username can
 * shadow a route of the app or the API.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "about",
  "account",
  "accounts",
  "admin",
  "administrator",
  "api",
  "app",
  "apps",
  "assets",
  "auth",
  "availability",
  "billing",
  "blog",
  "book",
  "booking",
  "booking-confirmed",
  "bookings",
  "calendar",
  "calendars",
  "confirm-email",
  "contact",
  "contacts",
  "dashboard",
  "docs",
  "event-types",
  "events",
  "favicon",
  "forgot-password",
  "help",
  "home",
  "integrations",
  "kairos",
  "login",
  "logout",
  "meetings",
  "new",
  "null",
  "oauth",
  "org",
  "orgs",
  "poll",
  "polls",
  "pricing",
  "privacy",
  "privacy-policy",
  "profile",
  "public",
  "reset-password",
  "root",
  "security",
  "settings",
  "signin",
  "signout",
  "signup",
  "sso",
  "static",
  "status",
  "support",
  "system",
  "team",
  "team-invite",
  "team-invites",
  "teams",
  "terms",
  "terms-and-conditions",
  "undefined",
  "user",
  "users",
  "webhooks",
  "workflows",
  "www",
]);

/** Why `name` cannot be a username, or null when its form is fine (uniqueness is the server's check). */
export function usernameProblem(name: string): string | null {
  if (name.length < USERNAME_MIN) return `Use at least ${USERNAME_MIN} characters`;
  if (name.length > USERNAME_MAX) return `Use at most ${USERNAME_MAX} characters`;
  if (!USERNAME_PATTERN.test(name)) {
    return "Use lower-case letters, digits and hyphens (not at the start or end, never two in a row)";
  }
  if (RESERVED_USERNAMES.has(name)) return "This username is reserved. Choose another.";
  return null;
}

/** The username a new host starts with, from their name ("Ada Lovelace" -> "ada-lovelace"). */
export function usernameFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, USERNAME_MAX - 5)
    .replace(/-+$/g, "");
  if (base.length < USERNAME_MIN || RESERVED_USERNAMES.has(base)) return base ? `${base}-cal` : "host";
  return base;
}

/** A host's public profile path. */
export const profilePath = (username: string) => `/${username}`;

/** An event type's public booking path. */
export const eventTypePath = (username: string, slug: string) => `/${username}/${encodeURIComponent(slug)}`;

/** A /{username}/{slug} or /{username} path of the public pages, or null for any other path. */
export function matchUserPath(pathname: string): { username: string; slug?: string } | null {
  const m = pathname.match(/^\/([^/]+)(?:\/([^/]+))?\/?$/);
  if (!m) return null;
  let username: string;
  let slug: string | undefined;
  try {
    username = decodeURIComponent(m[1]).toLowerCase();
    slug = m[2] === undefined ? undefined : decodeURIComponent(m[2]).toLowerCase();
  } catch {
    return null;
  }
  if (usernameProblem(username) !== null) return null;
  return slug === undefined ? { username } : { username, slug };
}
