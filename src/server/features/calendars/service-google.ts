import type { CalendarAccountDto } from "../../../contract/calendars.js";
import type { GoogleCalendarApi } from "../../calendar-providers/gateway.js";
import { GOOGLE_CALENDAR_SCOPES } from "../../calendar-providers/google-calendar.js";
import { CredentialsError } from "../../calendar-providers/types.js";
import { AppError, badRequest, notFound, providerUnavailable } from "../../lib/errors.js";
import { GoogleError, type GoogleOAuth } from "../../lib/google.js";
import type { OAuthStatesService } from "../oauth-states/service.js";
import type { AccountsService } from "./service-accounts.js";

/** The web page Google sends the host back to after the calendar consent (register it at Google). */
export const GOOGLE_CALENDAR_CALLBACK_PATH = "/calendar/google/callback";
const PURPOSE = "calendar";

export interface GoogleStatus {
  connected: boolean;
  /** The primary Google account's address, else the first one's. */
  email: string | null;
  accounts: number;
  /** Some account needs reconnecting. */
  needsReconnect: boolean;
}

/**
 * Connecting Google accounts for calendars: the consent URL (offline access, calendar scopes), the
 * callback that turns the code into tokens and an account, and the legacy one-connection calls.
 */
export function createGoogleAccountsService(deps: {
  accounts: AccountsService;
  oauthStates: OAuthStatesService;
  /** Google's OAuth client and the Calendar API made from it (service.ts): both, or neither on this server. */
  google: { oauth: GoogleOAuth; calendarApi: GoogleCalendarApi } | null;
}) {
  const { accounts, oauthStates } = deps;
  const google = () => {
    if (!deps.google) {
      throw new AppError(
        "GOOGLE_NOT_CONFIGURED",
        "Google is not set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)",
      );
    }
    return deps.google;
  };

  return {
    /** Google's consent page for this host; the state is single use, bound to the host, 10 minutes. */
    async connectUrl(userId: string): Promise<{ authUrl: string }> {
      const g = google();
      const start = await oauthStates.create({ provider: "google", purpose: PURPOSE, userId });
      return {
        authUrl: g.oauth.authorizeUrl({
          redirectPath: GOOGLE_CALENDAR_CALLBACK_PATH,
          scopes: GOOGLE_CALENDAR_SCOPES,
          state: start.state,
          codeChallenge: start.codeChallenge,
          accessType: "offline",
          // Google gives a refresh token only on consent; asking again makes reconnecting work.
          prompt: "consent",
        }),
      };
    },

    /** Finishes the consent: code for tokens, the account's profile and calendars, one stored account. */
    async callback(userId: string, body: { code: string; state: string }): Promise<CalendarAccountDto> {
      const g = google();
      const flow = await oauthStates.consume(body.state, { provider: "google", purpose: PURPOSE });
      // Unknown, used, expired or started by another host: all read the same.
      if (!flow || flow.userId !== userId) {
        throw badRequest(
          "This Google connection has expired or was already used. Please start again.",
          undefined,
          "STATE_INVALID",
        );
      }
      try {
        const tokens = await g.oauth.exchangeCode({
          code: body.code,
          redirectPath: GOOGLE_CALENDAR_CALLBACK_PATH,
          codeVerifier: flow.codeVerifier,
        });
        const missing = GOOGLE_CALENDAR_SCOPES.filter(
          (s) => s.startsWith("https://") && !tokens.scopes.includes(s),
        );
        if (tokens.scopes.length > 0 && missing.length > 0) {
          throw badRequest(
            "Allow Kairos to see and edit your calendar events to connect it",
            undefined,
            "GOOGLE_ACCESS_DENIED",
          );
        }
        const profile = await g.oauth.userInfo(tokens.accessToken);
        const secret = {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiry: tokens.expiresAt?.getTime() ?? null,
        };
        const calendars = await g.calendarApi.listCalendars(secret, (t) => {
          Object.assign(secret, { ...t, refreshToken: t.refreshToken ?? secret.refreshToken });
        });
        return await accounts.saveGoogle(
          userId,
          {
            sub: profile.sub,
            email: profile.email ?? profile.sub,
            name: profile.name ?? profile.email ?? "Google account",
            picture: profile.picture,
          },
          secret,
          calendars,
        );
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof GoogleError && error.kind === "refused") {
          throw badRequest(`Failed to connect Google account: ${error.message}`, undefined, "GOOGLE_REFUSED");
        }
        if (error instanceof CredentialsError) {
          throw badRequest(
            `Failed to connect Google account: ${error.message}`,
            undefined,
            "GOOGLE_ACCESS_DENIED",
          );
        }
        throw providerUnavailable(
          "Failed to connect Google account: Google did not answer. Please try again.",
        );
      }
    },

    async status(userId: string): Promise<GoogleStatus> {
      const list = await accounts.list(userId, "google");
      const main = list.find((a) => a.isPrimary) ?? list[0];
      return {
        connected: list.some((a) => a.isActive),
        email: main?.email ?? null,
        accounts: list.length,
        needsReconnect: list.some((a) => !a.isActive),
      };
    },

    /** The legacy single-connection disconnect: every Google account of the host goes (tokens revoked). */
    async disconnectAll(userId: string, log?: { warn(o: object, m: string): void }): Promise<number> {
      const list = await accounts.list(userId, "google");
      for (const a of list) await accounts.remove(userId, a.id, log);
      return list.length;
    },

    /** A Google account of the host (a CalDAV id reads as not found on the Google routes). */
    async own(userId: string, id: string): Promise<CalendarAccountDto> {
      const found = (await accounts.list(userId, "google")).find((a) => a.id === id);
      if (!found) throw notFound("Google account not found");
      return found;
    },
  };
}

export type GoogleAccountsService = ReturnType<typeof createGoogleAccountsService>;
