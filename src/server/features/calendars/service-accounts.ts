import type {
  CalendarAccountDto,
  ConnectCaldavBody,
  UpdateConnectedCalendarBody,
} from "../../../contract/calendars.js";
import type {
  AccountHandle,
  AccountSecret,
  GoogleTokens,
  Providers,
} from "../../calendar-providers/gateway.js";
import { CredentialsError, ProviderError, type RemoteCalendar } from "../../calendar-providers/types.js";
import type { Db } from "../../db/client.js";
import type { CalendarAccountRow, CalendarCalendarRow } from "../../db/schema/index.js";
import { badRequest, notFound, providerUnavailable } from "../../lib/errors.js";
import type { SecretBox } from "../../lib/secrets.js";
import { UnsafeUrlError } from "../../lib/ssrf.js";
import { createCalendarsRepo } from "./repo.js";

export type AccountOpener = (row: CalendarAccountRow) => AccountHandle;

const ACCOUNT_NOT_FOUND = "Calendar account not found";
const LAST_USED_EVERY_MS = 5 * 60_000;

export interface AccountsDeps {
  secrets: SecretBox;
  providers: Providers;
  now: () => Date;
  /** Told when the host's checked calendars change (the busy-time cache adds itself). */
  sourcesChanged: readonly SourcesListener[];
}

/** The host's checked calendars changed: busy times cached for `calendarIds` ([]: all) must be asked for again. */
export type SourcesListener = (hostId: string, calendarIds: string[]) => Promise<void>;

/** Connected calendar accounts of a host: connect, list, primary, calendars, refresh, disconnect. */
export function createAccountsService(db: Db, deps: AccountsDeps) {
  const { secrets, providers } = deps;
  async function sourcesChanged(hostId: string, calendarIds: string[]) {
    for (const listener of deps.sourcesChanged) await listener(hostId, calendarIds);
  }
  const lastUsedWritten = new Map<string, number>();

  const unseal = (row: CalendarAccountRow): AccountSecret =>
    JSON.parse(secrets.open(row.secret)) as AccountSecret;
  const seal = (secret: AccountSecret) => secrets.seal(JSON.stringify(secret));

  function googleApi() {
    if (!providers.google) throw new ProviderError("Google is not configured on this server");
    return providers.google;
  }

  /** A provider refused the credentials: the account stays, marked for reconnecting. */
  async function refused(row: CalendarAccountRow, error: CredentialsError) {
    await createCalendarsRepo(db).updateAccount(row.id, { isActive: false, lastError: error.message });
    await sourcesChanged(row.userId, []);
  }

  async function used(row: CalendarAccountRow) {
    const now = deps.now().getTime();
    if (now - (lastUsedWritten.get(row.id) ?? 0) < LAST_USED_EVERY_MS && !row.lastError) return;
    lastUsedWritten.set(row.id, now);
    await createCalendarsRepo(db).updateAccount(row.id, { lastUsed: deps.now(), lastError: null });
  }

  /** Runs a provider call; refused credentials deactivate the account, success stamps lastUsed. */
  async function guarded<T>(row: CalendarAccountRow, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      await used(row).catch(() => undefined);
      return result;
    } catch (error) {
      if (error instanceof CredentialsError) await refused(row, error);
      throw error;
    }
  }

  const open: AccountOpener = (row) => {
    const secret = unseal(row);
    if (secret.provider === "caldav") {
      const creds = {
        serverUrl: row.serverUrl ?? "",
        username: row.username ?? "",
        password: secret.password,
      };
      return {
        busy: (calendars, range, zone) =>
          guarded(row, async () => {
            const results = await Promise.all(
              calendars.map(
                async (c) => [c.remoteId, await providers.caldav.busy(creds, c, range, zone)] as const,
              ),
            );
            return new Map(results);
          }),
        write: (calendarRemoteId, event, existing) =>
          guarded(row, () => providers.caldav.write(creds, calendarRemoteId, event, existing)),
        remove: (_calendarRemoteId, remoteId) => guarded(row, () => providers.caldav.remove(creds, remoteId)),
      };
    }
    let tokens: GoogleTokens = secret;
    const onTokens = (next: GoogleTokens) => {
      tokens = { ...tokens, ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
      void createCalendarsRepo(db)
        .updateAccount(row.id, {
          secret: seal({ provider: "google", ...tokens }),
          tokenExpiry: tokens.expiry ? new Date(tokens.expiry) : null,
        })
        .catch(() => undefined);
    };
    return {
      busy: (calendars, range, zone) =>
        guarded(row, () => googleApi().busy(tokens, onTokens, calendars, range, zone)),
      write: (calendarId, event, existing) =>
        guarded(row, () => googleApi().write(tokens, onTokens, calendarId, event, existing)),
      remove: (calendarId, remoteId) =>
        guarded(row, () => googleApi().remove(tokens, onTokens, calendarId, remoteId)),
    };
  };

  function toDto(row: CalendarAccountRow, calendars: CalendarCalendarRow[]): CalendarAccountDto {
    return {
      _id: row.id,
      id: row.id,
      provider: row.provider,
      email: row.email,
      name: row.name,
      picture: row.picture,
      serverUrl: row.serverUrl,
      isActive: row.isActive,
      isPrimary: row.isPrimary,
      // While a refresh token works the connection does not run out; once refused, its last expiry shows.
      tokenExpiry: row.isActive ? null : (row.tokenExpiry ?? row.updatedAt).toISOString(),
      lastUsed: row.lastUsed?.toISOString() ?? null,
      lastError: row.lastError,
      calendars: calendars
        .filter((c) => c.accountId === row.id)
        .map((c) => ({
          _id: c.id,
          name: c.name,
          color: c.color,
          checkConflicts: c.checkConflicts,
          allDayBusy: c.allDayBusy,
          receivesBookings: c.receivesBookings,
        })),
    };
  }

  async function list(userId: string, provider?: "google" | "caldav"): Promise<CalendarAccountDto[]> {
    const repo = createCalendarsRepo(db);
    const [accounts, calendars] = await Promise.all([repo.listAccounts(userId), repo.listCalendars(userId)]);
    return accounts.filter((a) => !provider || a.provider === provider).map((a) => toDto(a, calendars));
  }

  async function one(userId: string, id: string): Promise<CalendarAccountDto> {
    const found = (await list(userId)).find((a) => a.id === id);
    if (!found) throw notFound(ACCOUNT_NOT_FOUND);
    return found;
  }

  /**
   * Stores an account (or updates the same one connected again) with its calendars, in one transaction:
   * the first account of a host becomes primary; a new account's first calendar receives bookings.
   */
  async function save(
    userId: string,
    values: Omit<CalendarAccountRow, "id" | "userId" | "isPrimary" | "createdAt" | "updatedAt" | "lastUsed">,
    calendars: RemoteCalendar[],
  ): Promise<CalendarAccountDto> {
    const id = await db.transaction(async (tx) => {
      const repo = createCalendarsRepo(tx);
      const existing = await repo.findByIdentity(userId, values.provider, values.externalKey);
      let row: CalendarAccountRow;
      if (existing) {
        const updated = await repo.updateAccount(existing.id, { ...values, lastUsed: deps.now() });
        if (!updated) throw notFound(ACCOUNT_NOT_FOUND);
        row = updated;
      } else {
        row = await repo.insertAccount({ ...values, userId, lastUsed: deps.now() });
      }
      const all = await repo.listAccounts(userId);
      if (!all.some((a) => a.isPrimary)) await repo.setPrimary(userId, row.id);
      const hasTarget = (await repo.bookingTarget(row.id)) !== undefined;
      const target = calendars.find((c) => c.primary) ?? calendars[0];
      await repo.addCalendars(
        row.id,
        userId,
        calendars.map((c) => ({ ...c, receivesBookings: !hasTarget && c === target })),
      );
      return row.id;
    });
    await sourcesChanged(userId, []);
    return one(userId, id);
  }

  return {
    open,
    list,
    one,
    unseal,
    seal,

    /** Checks the server and the credentials (discovering the calendars) before anything is stored. */
    async connectCaldav(userId: string, body: ConnectCaldavBody): Promise<CalendarAccountDto> {
      const serverUrl = body.serverUrl;
      let calendars: RemoteCalendar[];
      try {
        calendars = await providers.caldav.discover({
          serverUrl,
          username: body.username,
          password: body.password,
        });
      } catch (error) {
        if (error instanceof UnsafeUrlError) {
          throw badRequest(error.message, { serverUrl: error.message }, "ADDRESS_NOT_ALLOWED");
        }
        if (error instanceof CredentialsError) {
          throw badRequest(
            "The server refused this user name or app password",
            {
              password: "The server refused this user name or app password",
            },
            "CALDAV_AUTH_FAILED",
          );
        }
        const message = error instanceof Error ? error.message : "The calendar server could not be reached";
        throw badRequest(message, { serverUrl: message }, "CALDAV_UNREACHABLE");
      }
      return save(
        userId,
        {
          provider: "caldav",
          externalKey: `${serverUrl} ${body.username}`,
          email: body.username,
          name: new URL(serverUrl).host,
          picture: null,
          serverUrl,
          username: body.username,
          secret: seal({ provider: "caldav", password: body.password }),
          tokenExpiry: null,
          isActive: true,
          lastError: null,
        },
        calendars,
      );
    },

    /** Stores a Google account after the OAuth callback (service-google.ts reads the profile). */
    saveGoogle(
      userId: string,
      profile: { sub: string; email: string; name: string; picture: string | null },
      tokens: GoogleTokens,
      calendars: RemoteCalendar[],
    ) {
      return save(
        userId,
        {
          provider: "google",
          externalKey: profile.sub,
          email: profile.email,
          name: profile.name,
          picture: profile.picture,
          serverUrl: null,
          username: null,
          secret: seal({ provider: "google", ...tokens }),
          tokenExpiry: tokens.expiry ? new Date(tokens.expiry) : null,
          isActive: true,
          lastError: null,
        },
        calendars,
      );
    },

    async setPrimary(userId: string, id: string): Promise<CalendarAccountDto> {
      await db.transaction(async (tx) => {
        const repo = createCalendarsRepo(tx);
        if (!(await repo.findAccount(userId, id, { lock: true }))) throw notFound(ACCOUNT_NOT_FOUND);
        await repo.setPrimary(userId, id);
      });
      return one(userId, id);
    },

    async updateCalendar(
      userId: string,
      accountId: string,
      calendarId: string,
      body: UpdateConnectedCalendarBody,
    ): Promise<CalendarAccountDto> {
      await db.transaction(async (tx) => {
        const repo = createCalendarsRepo(tx);
        if (!(await repo.findCalendar(userId, accountId, calendarId))) throw notFound("Calendar not found");
        await repo.updateCalendar(calendarId, {
          checkConflicts: body.checkConflicts,
          allDayBusy: body.allDayBusy,
        });
        if (body.receivesBookings) await repo.setBookingTarget(accountId, calendarId);
      });
      await sourcesChanged(userId, [calendarId]);
      return one(userId, accountId);
    },

    /**
     * Checks the connection again: Google renews its access token (a refusal answers REFRESH_FAILED so
     * the screen offers to reconnect); both providers pick up calendars added since.
     */
    async refresh(userId: string, id: string): Promise<CalendarAccountDto> {
      const repo = createCalendarsRepo(db);
      const row = await repo.findAccount(userId, id);
      if (!row) throw notFound(ACCOUNT_NOT_FOUND);
      const secret = unseal(row);
      try {
        let calendars: RemoteCalendar[];
        if (secret.provider === "caldav") {
          calendars = await providers.caldav.discover({
            serverUrl: row.serverUrl ?? "",
            username: row.username ?? "",
            password: secret.password,
          });
        } else {
          let tokens: GoogleTokens = { ...secret, accessToken: null, expiry: 0 };
          calendars = await googleApi().listCalendars(tokens, (next) => {
            tokens = { ...tokens, ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
          });
          await repo.updateAccount(row.id, {
            secret: seal({ provider: "google", ...tokens }),
            tokenExpiry: tokens.expiry ? new Date(tokens.expiry) : null,
          });
        }
        await repo.addCalendars(
          row.id,
          userId,
          calendars.map((c) => ({ ...c, receivesBookings: false })),
        );
        await repo.updateAccount(row.id, { isActive: true, lastError: null, lastUsed: deps.now() });
        await sourcesChanged(userId, []);
      } catch (error) {
        if (error instanceof CredentialsError) {
          await refused(row, error);
          throw badRequest(
            "Failed to refresh tokens: the connection was refused. Reconnect the account.",
            undefined,
            "REFRESH_FAILED",
          );
        }
        const message = error instanceof Error ? error.message : "The calendar server could not be reached";
        await repo.updateAccount(row.id, { lastError: message });
        throw providerUnavailable(message);
      }
      return one(userId, id);
    },

    /**
     * Disconnects: Google's token is revoked at Google first (a failure there is logged, never keeps
     * the host connected), then the account and its calendars go; the next active account becomes primary.
     */
    async remove(userId: string, id: string, log?: { warn(o: object, m: string): void }): Promise<void> {
      const repo = createCalendarsRepo(db);
      const row = await repo.findAccount(userId, id);
      if (!row) throw notFound(ACCOUNT_NOT_FOUND);
      const secret = unseal(row);
      if (secret.provider === "google" && providers.google) {
        await providers.google.revoke(secret).catch((error: unknown) => {
          log?.warn(
            { accountId: id, err: error instanceof Error ? error.message : String(error) },
            "Google token revocation failed",
          );
        });
      }
      const calendarIds = (await repo.listCalendars(userId))
        .filter((c) => c.accountId === id)
        .map((c) => c.id);
      await db.transaction(async (tx) => {
        const inTx = createCalendarsRepo(tx);
        await inTx.deleteAccount(userId, id);
        if (row.isPrimary) {
          const next = (await inTx.listAccounts(userId)).find((a) => a.isActive);
          await inTx.setPrimary(userId, next?.id ?? null);
        }
      });
      await sourcesChanged(userId, calendarIds);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
