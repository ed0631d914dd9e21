import { z } from "zod";
import type { IdentityView, PublicUser, SsoProviderView, UserProfile } from "../auth.js";
import { LOCALES } from "../languages.js";
import type { SessionDto } from "../users.js";
import { eventTypeSchema } from "./event-types.js";
import { type Agrees, doneEnvelope, envelope, fileResponse, isoDateTime } from "./shared.js";

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  timezone: z.string(),
  welcomeText: z.string(),
  timeFormat: z.enum(["12h", "24h"]),
  weekStart: z.enum(["sunday", "monday"]),
  language: z.enum(LOCALES).nullable(),
  createdAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof publicUserSchema>, PublicUser>;

export const userProfileSchema = publicUserSchema.extend({
  preferences: z.object({
    hideGetStarted: z.boolean().optional(),
    sharedBookingLink: z.boolean().optional(),
  }),
  hasPassword: z.boolean(),
  appLanguage: z.enum(LOCALES).nullable(),
});
true satisfies Agrees<z.input<typeof userProfileSchema>, UserProfile>;

const identitySchema = z.object({
  _id: z.string(),
  provider: z.string(),
  providerLabel: z.string(),
  email: z.string().nullable(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof identitySchema>, IdentityView>;

const providerSchema = z.object({ id: z.string(), label: z.string() });
true satisfies Agrees<z.input<typeof providerSchema>, SsoProviderView>;

const sessionSchema = z.object({
  _id: z.string(),
  device: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime,
  current: z.boolean(),
});
true satisfies Agrees<z.input<typeof sessionSchema>, SessionDto>;

const withUser = envelope(z.object({ user: userProfileSchema }));
/** A new session: the bearer token beside `data`. */
const signedIn = envelope(z.object({ user: userProfileSchema }), { token: z.string() });

/** The host's public page (/{username}): the host without e-mail, their active event types, their link. */
export const publicProfileSchema = z.object({
  user: publicUserSchema.omit({ email: true }),
  eventTypes: z.array(eventTypeSchema),
  canonicalPath: z.string(),
});

export const authResponses = {
  registered: { 201: signedIn },
  signedIn: { 200: signedIn },
  me: { 200: withUser },
  done: { 200: doneEnvelope },
  providers: { 200: envelope(z.object({ providers: z.array(providerSchema) })) },
  started: { 200: envelope(z.object({ authUrl: z.string() })) },
  /** A provider's callback: a session (token beside data), or a newly linked identity. */
  ssoCallback: {
    200: envelope(
      z.union([
        z.object({ intent: z.literal("sign-in"), created: z.boolean(), user: userProfileSchema }),
        z.object({ intent: z.literal("link"), identity: identitySchema }),
      ]),
      { token: z.string().optional() },
    ),
  },
  identities: { 200: envelope(z.object({ identities: z.array(identitySchema), hasPassword: z.boolean() })) },
};

export const usersResponses = {
  withUser: { 200: withUser },
  done: { 200: doneEnvelope },
  publicProfile: { 200: envelope(publicProfileSchema) },
  sessions: { 200: envelope(z.array(sessionSchema)) },
  avatar: fileResponse("image/*", "The host's picture as uploaded (JPEG, PNG or GIF)"),
  /**
   * Settings > Data download: every feature's share under its own name, as free-form as the features'
   * own answers (each part is the same data those routes answer).
   */
  export: {
    200: envelope(z.looseObject({ exportedAt: isoDateTime, user: z.record(z.string(), z.unknown()) })),
  },
};

/** What the public profile route answers in `data` (features add their parts; this names them). */
export type PublicProfileAnswer = z.output<typeof publicProfileSchema>;
