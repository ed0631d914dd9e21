import { z } from "zod";
import { timeZoneSchema } from "./common.js";

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
  createdAt: string;
}

export interface UserProfile extends PublicUser {
  preferences: { hideGetStarted?: boolean };
  /** False for accounts that only sign in through an identity provider. */
  hasPassword: boolean;
}

export interface AuthResult {
  user: UserProfile;
}
