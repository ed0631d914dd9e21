import { randomUUID } from "node:crypto";
import { DEFAULT_CONFIRMATION } from "../../../contract/approval.js";
import { NO_LONGER_AVAILABLE_MESSAGE } from "../../../contract/booking-constants.js";
import { compactTranslations } from "../../../contract/event-type-translations.js";
import {
  type BookingSettings,
  bookingSettingsSchema,
  bufferMinutes,
  type CreateEventTypeBody,
  DEFAULT_COLOR,
  DEFAULT_EVENT_NAME,
  type EventTypeDto,
  type EventTypeTeamBody,
  KIND_DEFAULTS,
  LOCATION_INFO,
  type Location,
  type Question,
  slugify,
  type UpdateEventTypeBody,
} from "../../../contract/event-types.js";
import { matchLocale } from "../../../contract/languages.js";
import { RECURRENCE_CONFIRMATION_MESSAGE, RECURRENCE_KIND_MESSAGE } from "../../../contract/recurrence.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { EventTypeRow, UserRow } from "../../db/schema/index.js";
import { randomToken } from "../../lib/crypto.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { createEventTypesRepo, type NewEventType } from "./repo.js";
import { missingParts } from "./service-bookable.js";

const SLUG_ATTEMPTS = 50;

/** Team and hosts of event types (the teams feature provides them; absent: none). */
export type EventTypeParts = (
  rows: { id: string; teamId: string | null }[],
) => Promise<Map<string, Pick<EventTypeDto, "team" | "hosts">>>;

/** Kinds reached only by their private link, never listed on a public page. */
const PRIVATE_KINDS = new Set(["one-off", "poll"]);

/**
 * The team and hosts of round robin and collective types, written by the teams feature inside the
 * event type's own transaction, so one save keeps both or neither.
 */
export interface TeamHostsWriter {
  /** Checks and stores the team and hosts (400 when the team or a host is not the caller's to choose). */
  save(user: UserRow, eventTypeId: string, team: EventTypeTeamBody, tx: DbOrTx): Promise<void>;
  /** Gives a duplicate the team and hosts of its original. */
  copy(fromId: string, toId: string, tx: DbOrTx): Promise<void>;
}

export interface EventTypesDeps {
  parts?: EventTypeParts;
  teamHosts?: TeamHostsWriter;
  now?: () => Date;
  /** The host who gave up `username` within the last 90 days (their old links still work). */
  formerHolder?: (username: string) => Promise<string | undefined>;
}

export function createEventTypesService(db: Db, deps: EventTypesDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const repo = createEventTypesRepo(db);

  async function dtos(rows: EventTypeRow[], host: UserRow): Promise<EventTypeDto[]> {
    const parts = deps.parts ? await deps.parts(rows) : new Map();
    return rows.map((row) => {
      const dto = { ...toEventTypeDto(row, host), ...parts.get(row.id) };
      return { ...dto, missing: missingParts(row, dto.hosts.length) };
    });
  }
  const dto = async (row: EventTypeRow, host: UserRow) => (await dtos([row], host))[0];

  /** /{username}/{slug}: by the current username, else by one given up lately. */
  async function findByUserSlug(username: string, slug: string) {
    const found = await repo.findByHostSlugWithHost({ username }, slug);
    if (found) return found;
    const hostId = await deps.formerHolder?.(username);
    return hostId ? repo.findByHostSlugWithHost({ hostId }, slug) : undefined;
  }

  async function checkSchedule(userId: string, scheduleId: string | null | undefined): Promise<void> {
    if (scheduleId && !(await repo.scheduleBelongsTo(userId, scheduleId))) {
      throw badRequest("Choose one of your availability schedules", {
        availabilityScheduleId: "Unknown schedule",
      });
    }
  }

  /** Inserts with the first free slug among base, base-2, base-3, ... (the unique index decides). */
  async function insertWithFreeSlug(
    txRepo: ReturnType<typeof createEventTypesRepo>,
    values: Omit<NewEventType, "slug">,
    base: string,
  ): Promise<EventTypeRow> {
    for (let n = 1; n <= SLUG_ATTEMPTS; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const row = await txRepo.insertIfSlugFree({ ...values, slug });
      if (row) return row;
    }
    const row = await txRepo.insertIfSlugFree({ ...values, slug: `${base}-${randomUUID().slice(0, 8)}` });
    if (!row) throw conflict("Could not find a free link for this event type");
    return row;
  }

  /** The first slug of base, base-2, base-3, ... no other event type of the host has. */
  async function freeSlug(userId: string, base: string, exceptId: string): Promise<string> {
    for (let n = 1; n <= SLUG_ATTEMPTS; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(userId, slug, exceptId))) return slug;
    }
    return `${base}-${randomUUID().slice(0, 8)}`;
  }

  async function saveTeam(user: UserRow, id: string, kind: string, team: EventTypeTeamBody, tx: DbOrTx) {
    if (!TEAM_KINDS.has(kind) || !deps.teamHosts) {
      throw badRequest("Only round robin and collective event types have team hosts.", {
        team: "Not a team event type",
      });
    }
    await deps.teamHosts.save(user, id, team, tx);
  }

  return {
    async list(user: UserRow): Promise<EventTypeDto[]> {
      return dtos(await repo.listForUser(user.id), user);
    },

    async get(user: UserRow, id: string): Promise<EventTypeDto> {
      const row = await repo.findForUser(user.id, id);
      if (!row) throw notFound("Event type not found");
      return dto(row, user);
    },

    async create(user: UserRow, body: CreateEventTypeBody): Promise<EventTypeDto> {
      const kind = body.type ?? "one-on-one";
      const defaults = KIND_DEFAULTS[kind];
      const title = body.title || body.name || DEFAULT_EVENT_NAME;
      await checkSchedule(user.id, body.availabilityScheduleId);
      const values: Omit<NewEventType, "slug"> = {
        userId: user.id,
        title,
        kind,
        duration: body.duration ?? defaults.duration,
        description: body.description ?? "",
        color: body.color ?? DEFAULT_COLOR,
        isActive: body.isActive ?? true,
        locations: normaliseLocations(body.locations ?? [{ type: "zoom", value: "" }]),
        bookingSettings: body.bookingSettings ?? bookingSettingsSchema.parse({}),
        questions: normaliseQuestions(body.questions ?? []),
        phoneField: body.phoneField ?? "required",
        maxInvitees: body.maxInvitees ?? defaults.maxInvitees,
        confirmation: body.confirmation ?? DEFAULT_CONFIRMATION,
        bookingLimits: body.bookingLimits ?? {},
        recurrence: body.recurrence ?? null,
        availabilityScheduleId: body.availabilityScheduleId ?? null,
        googleAccountId: body.googleAccountId ?? null,
        language: body.language ?? null,
        translations: compactTranslations(body.translations ?? {}),
        fixedTimes: normaliseTimes(body.fixedTimes ?? []),
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      };
      assertRecurrenceFits(values);
      const row = await db.transaction(async (tx) => {
        const txRepo = createEventTypesRepo(tx);
        let inserted: EventTypeRow | undefined;
        if (body.slug) {
          inserted = await txRepo.insertIfSlugFree({ ...values, slug: body.slug });
          if (!inserted) throw conflict("This link is already taken. Choose another.", "SLUG_TAKEN");
        } else {
          inserted = await insertWithFreeSlug(txRepo, values, baseSlug(kind, title));
        }
        if (!body.team) return inserted;
        await saveTeam(user, inserted.id, kind, body.team, tx);
        return (await txRepo.findById(inserted.id)) ?? inserted; // now with its team
      });
      return dto(row, user);
    },

    /**
     * A copy of one of the host's event types (the card's Duplicate): "(copy)" in its title, a free
     * link, every setting, team and hosts; active, as Calendly's copies are. A used one-off or a
     * closed poll starts open again; a poll's votes stay with the original.
     */
    async duplicate(user: UserRow, id: string): Promise<EventTypeDto> {
      const original = await repo.findForUser(user.id, id);
      if (!original) throw notFound("Event type not found");
      const title = `${original.title} (copy)`.slice(0, 120);
      const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, closedAt: _closed, ...settings } = original;
      const row = await db.transaction(async (tx) => {
        const copy = await insertWithFreeSlug(
          createEventTypesRepo(tx),
          { ...settings, title, isActive: true },
          baseSlug(original.kind, title),
        );
        if (original.teamId) await deps.teamHosts?.copy(original.id, copy.id, tx);
        return copy;
      });
      return dto(row, user);
    },

    async update(user: UserRow, id: string, body: UpdateEventTypeBody): Promise<EventTypeDto> {
      const existing = await repo.findForUser(user.id, id);
      if (!existing) throw notFound("Event type not found");
      await checkSchedule(user.id, body.availabilityScheduleId);
      if (body.slug && body.slug !== existing.slug && (await repo.slugTaken(user.id, body.slug, id))) {
        throw conflict("This link is already taken. Choose another.", "SLUG_TAKEN");
      }
      const {
        type,
        locations,
        questions,
        fixedTimes,
        expiresAt,
        bookingSettings,
        team,
        translations,
        ...rest
      } = body;
      // An untitled type's link follows its first real title, unless the host chose the link.
      const slug =
        !body.slug && body.title && isUntitled(existing)
          ? await freeSlug(user.id, baseSlug(existing.kind, body.title), id)
          : undefined;
      const patch = {
        ...rest,
        ...(slug ? { slug } : {}),
        ...(bookingSettings
          ? { bookingSettings: keepBuffers(bookingSettings, existing.bookingSettings) }
          : {}),
        ...(fixedTimes ? { fixedTimes: normaliseTimes(fixedTimes) } : {}),
        ...(expiresAt !== undefined ? { expiresAt: expiresAt ? new Date(expiresAt) : null } : {}),
        ...(type ? { kind: type } : {}),
        ...(locations ? { locations: normaliseLocations(locations) } : {}),
        ...(questions ? { questions: normaliseQuestions(questions) } : {}),
        ...(translations ? { translations: compactTranslations(translations) } : {}),
      };
      const row = await db.transaction(async (tx) => {
        const txRepo = createEventTypesRepo(tx);
        const updated = await txRepo.update(user.id, id, patch);
        if (updated) assertRecurrenceFits(updated); // rolls the change back
        if (!updated || !team) return updated;
        await saveTeam(user, id, updated.kind, team, tx);
        return txRepo.findById(id); // now with its team
      });
      if (!row) throw notFound("Event type not found");
      return dto(row, user);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await repo.delete(user.id, id))) throw notFound("Event type not found");
    },

    /** The Google account an event type's Meet links come from (the drawer's picker), if one was picked. */
    async googleAccountOf(eventTypeId: string, tx: DbOrTx = db): Promise<string | null> {
      return (await createEventTypesRepo(tx).findById(eventTypeId))?.googleAccountId ?? null;
    },

    /**
     * The public view of an active event type, by /{username}/{slug} or by /book/{slug}; inactive and
     * unknown ones read the same. The answer's user.username and slug make its canonical link.
     */
    async getPublic(slug: string, username?: string): Promise<EventTypeDto> {
      const found = username
        ? await findByUserSlug(username.toLowerCase(), slug.toLowerCase())
        : await repo.findBySlugWithHost(slug.toLowerCase());
      if (!found?.eventType.isActive) throw notFound("Event type not found");
      const et = found.eventType;
      // A used or expired one-off and a closed poll say so, rather than "not found".
      if (PRIVATE_KINDS.has(et.kind) && (et.closedAt || (et.expiresAt && et.expiresAt <= now()))) {
        throw new AppError("NO_LONGER_AVAILABLE", NO_LONGER_AVAILABLE_MESSAGE);
      }
      const view = await dto(et, found.host);
      // Half-built (no hosts, no proposed times) reads as not bookable: the same answer as inactive.
      if (view.missing.length > 0) throw notFound("Event type not found");
      return view;
    },

    /** The id behind /{username}/{slug} of a username given up lately (slot lookups of old links). */
    async formerUsernameRef(username: string, slug: string): Promise<string | undefined> {
      return (await findByUserSlug(username, slug))?.eventType.id;
    },

    /** Adds the host's active event types to their public profile. */
    async publicProfilePart(host: UserRow): Promise<{ eventTypes: EventTypeDto[] }> {
      // One-off and poll links are private; team event types are listed on their team's page.
      const rows = (await repo.listActiveForUser(host.id)).filter(
        (r) => !PRIVATE_KINDS.has(r.kind) && !r.teamId,
      );
      return { eventTypes: (await dtos(rows, host)).filter((et) => et.missing.length === 0) };
    },
  };
}

export type EventTypesService = ReturnType<typeof createEventTypesService>;

const TEAM_KINDS: ReadonlySet<string> = new Set(["round-robin", "collective"]);
const UNTITLED_SLUG = new RegExp(`^${slugify(DEFAULT_EVENT_NAME)}(-\\d+)?$`);

/** Created without a title and never given a link by hand: its slug still reads "new-event-type". */
function isUntitled(et: EventTypeRow): boolean {
  return et.title === DEFAULT_EVENT_NAME && UNTITLED_SLUG.test(et.slug);
}

/** A one-off or poll link is private: a random tail keeps it from being guessed from the title. */
function baseSlug(kind: string, title: string): string {
  if (!PRIVATE_KINDS.has(kind)) return slugify(title);
  const tail = randomToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
  return `${slugify(title).slice(0, 40)}-${tail}`;
}

/** Every answer names both buffers (rows written before they existed have none: 0). */
function bufferFields(s: BookingSettings): { bufferBefore: number; bufferAfter: number } {
  const { before, after } = bufferMinutes(s);
  return { bufferBefore: before, bufferAfter: after };
}

/** Settings sent without buffers or showAttendees (a client that predates them) keep the stored ones. */
function keepBuffers(next: BookingSettings, stored: BookingSettings): BookingSettings {
  return {
    ...next,
    bufferBefore: next.bufferBefore ?? stored.bufferBefore,
    bufferAfter: next.bufferAfter ?? stored.bufferAfter,
    showAttendees: next.showAttendees ?? stored.showAttendees,
  };
}

function normaliseLocations(
  locations: { type: Location["type"]; value?: string; displayName?: string }[],
): Location[] {
  return locations.map((l) => ({
    type: l.type,
    value: l.value ?? "",
    displayName: l.displayName || LOCATION_INFO[l.type].displayName,
  }));
}

/** Ascending, unique, as UTC ISO strings. */
function normaliseTimes(times: string[]): string[] {
  return [...new Set(times.map((t) => new Date(t).toISOString()))].sort();
}

function normaliseQuestions(questions: (Omit<Question, "id"> & { id?: string })[]): Question[] {
  return questions.map((q) => ({ ...q, id: q.id || randomUUID().slice(0, 8) }));
}

/** A series is one host's and never a request (issue 28 item 3): the other settings must allow it. */
function assertRecurrenceFits(t: Partial<Pick<EventTypeRow, "kind" | "confirmation" | "recurrence">>): void {
  if (!t.recurrence) return;
  if (t.kind !== "one-on-one")
    throw badRequest(RECURRENCE_KIND_MESSAGE, { recurrence: RECURRENCE_KIND_MESSAGE });
  if (t.confirmation?.required)
    throw badRequest(RECURRENCE_CONFIRMATION_MESSAGE, { recurrence: RECURRENCE_CONFIRMATION_MESSAGE });
}

export function toEventTypeDto(row: EventTypeRow, host: UserRow): EventTypeDto {
  return {
    _id: row.id,
    title: row.title,
    name: row.title,
    type: row.kind,
    duration: row.duration,
    description: row.description,
    color: row.color,
    slug: row.slug,
    isActive: row.isActive,
    locations: row.locations,
    bookingSettings: { ...row.bookingSettings, ...bufferFields(row.bookingSettings) },
    questions: row.questions,
    phoneField: row.phoneField,
    maxInvitees: row.maxInvitees,
    confirmation: row.confirmation,
    bookingLimits: row.bookingLimits,
    recurrence: row.recurrence ?? null,
    availabilityScheduleId: row.availabilityScheduleId,
    googleAccountId: row.googleAccountId,
    language: matchLocale(row.language),
    translations: row.translations,
    fixedTimes: row.fixedTimes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    team: null,
    hosts: [],
    missing: [],
    user: {
      _id: host.id,
      name: host.name,
      username: host.username,
      avatar: host.avatar,
      timezone: host.timezone,
      timeFormat: host.timeFormat,
      weekStart: host.weekStart,
      language: matchLocale(host.language),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
