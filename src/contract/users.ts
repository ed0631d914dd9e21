import { z } from "zod";
import { PASSWORD_MIN } from "./auth.js";
import { timeZoneSchema } from "./common.js";
import { LOCALES } from "./languages.js";
import { usernameProblem } from "./usernames.js";

export const preferencesBody = z
  .object({ hideGetStarted: z.boolean().optional(), sharedBookingLink: z.boolean().optional() })
  .strict();
export type PreferencesBody = z.infer<typeof preferencesBody>;

export const TIME_FORMATS = ["12h", "24h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const WEEK_STARTS = ["sunday", "monday"] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

export const WELCOME_TEXT_MAX = 500;
/** Avatars: JPG, GIF or PNG up to 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address" }).max(254));

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, "Password is too long");

/** PUT /users/profile: any of the profile fields. */
export const updateProfileBody = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100, "Use at most 100 characters"),
    timezone: timeZoneSchema,
    welcomeText: z.string().trim().max(WELCOME_TEXT_MAX, `Use at most ${WELCOME_TEXT_MAX} characters`),
    timeFormat: z.enum(TIME_FORMATS),
    weekStart: z.enum(WEEK_STARTS),
    /** The host's default language (issue 27); null: each invitee's own. */
    language: z.enum(LOCALES, { message: "Choose a language" }).nullable(),
    /** The host app's language and their own mails' (issue 27); null: the browser's. */
    appLanguage: z.enum(LOCALES, { message: "Choose a language" }).nullable(),
  })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** PUT /users/username */
export const updateUsernameBody = z.object({ username: usernameSchema }).strict();
export type UpdateUsernameBody = z.infer<typeof updateUsernameBody>;

/** PUT /users/password: the current password is always required. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword,
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /users/email: sends a confirmation link to the new address. */
export const changeEmailBody = z
  .object({
    newEmail: email,
    /** Required when the account has a password. */
    currentPassword: z.string().max(200).optional(),
  })
  .strict();
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

export const tokenBody = z.object({ token: z.string().min(10).max(200) }).strict();

/** POST /auth/forgot-password */
export const forgotPasswordBody = z.object({ email }).strict();
/** POST /auth/reset-password */
export const resetPasswordBody = z
  .object({ token: z.string().min(10).max(200), password: newPassword })
  .strict();
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** DELETE /users/me: the account's email, typed by the host to confirm. */
export const deleteAccountBody = z.object({ email: z.string().trim().toLowerCase().max(254) }).strict();

export interface SessionDto {
  _id: string;
  /** "Chrome on macOS"; "Unknown device" when the browser did not say. */
  device: string;
  createdAt: string;
  lastUsedAt: string;
  /** The session making this request. */
  current: boolean;
}

/** GET /users/export: everything of the account. */
export interface AccountExport {
  exportedAt: string;
  user: Record<string, unknown>;
  [part: string]: unknown;
}
