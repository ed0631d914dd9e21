import { z } from "zod";
import { timeZoneSchema } from "./common.js";
import type { Locale } from "./languages.js";

export const PASSWORD_MIN = 6;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address" }).max(254));

export const registerBody = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, "Password is too long"),
  timezone: timeZoneSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z.string().min(1, "Password is required").max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface PublicUser {
  _id: string;
  name: string;
  email: string;
  /** Public pages live at /{username} and /{username}/{slug}. */
  username: string;
  avatar: string | null;
  timezone: string;
  /** Shown on the public profile. */
  welcomeText: string;
  timeFormat: "12h" | "24h";
  weekStart: "sunday" | "monday";
  /** The host's default language (issue 27); null: each invitee's own. */
  language: Locale | null;
  createdAt: string;
}

export interface UserProfile extends PublicUser {
  preferences: { hideGetStarted?: boolean; sharedBookingLink?: boolean };
  /** False for accounts that only sign in through an identity provider. */
  hasPassword: boolean;
  /** The host app's language and their own mails' (issue 27); null: the browser's. */
  appLanguage: Locale | null;
}

// --- Single sign-on (Google and OpenID Connect providers) ---

/** A provider set up on the server: the login page shows a button for each, and only those. */
export interface SsoProviderView {
  /** "google", or the OIDC provider's id ("sbu", "gameforce", "okta"). */
  id: string;
  label: string;
}

export const ssoProviderParam = z.object({
  provider: z.string().regex(/^[a-z0-9-]{1,40}$/, "Unknown sign-in provider"),
});

export const ssoStartBody = z.object({
  /** "link" adds the provider to the signed-in account instead of signing in. */
  intent: z.enum(["sign-in", "link"]).default("sign-in"),
});

const code = z
  .string({ error: "Missing authorization code" })
  .trim()
  .min(1, "Missing authorization code")
  .max(2048);
const state = z
  .string({ error: "Missing state parameter" })
  .trim()
  .min(1, "Missing state parameter")
  .max(512);

/** Spec: SSO callbacks need an authorization code and state. `iss` is forwarded when the provider sent it. */
export const ssoCallbackBody = z.object({
  code,
  state,
  iss: z.string().max(2048).optional(),
  timezone: timeZoneSchema.optional(),
});
export type SsoCallbackBody = z.infer<typeof ssoCallbackBody>;

/** Google: an access token from a Google client in the browser, or the code of our own consent popup. */
export const googleSignInBody = z
  .object({
    access_token: z.string().trim().min(1, "Missing access token").max(4096).optional(),
    code: code.optional(),
    state: state.optional(),
    timezone: timeZoneSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.access_token) return;
    if (!body.code) ctx.addIssue({ code: "custom", path: ["code"], message: "Missing authorization code" });
    if (!body.state) ctx.addIssue({ code: "custom", path: ["state"], message: "Missing state parameter" });
  });
export type GoogleSignInBody = z.infer<typeof googleSignInBody>;

/** An identity provider account that signs in to this Kairos account. */
export interface IdentityView {
  _id: string;
  provider: string;
  providerLabel: string;
  email: string | null;
  createdAt: string;
  lastUsedAt: string;
}
