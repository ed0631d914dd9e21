import { randomUUID } from "node:crypto";
import {
  bookingSettingsSchema,
  type CreateEventTypeBody,
  DEFAULT_COLOR,
  DEFAULT_EVENT_NAME,
  type EventTypeDto,
  KIND_DEFAULTS,
  LOCATION_INFO,
  type Location,
  type Question,
  slugify,
  type UpdateEventTypeBody,
} from "../../../contract/event-types.js";
import type { Db } from "../../db/client.js";
import type { EventTypeRow, UserRow } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { createEventTypesRepo, type NewEventType } from "./repo.js";

const SLUG_ATTEMPTS = 50;

export interface EventTypesDeps {
  /** The host who gave up `username` within the last 90 days (their old links still work). */
  formerHolder?: (username: string) => Promise<string | undefined>;
}

export function createEventTypesService(db: Db, deps: EventTypesDeps = {}) {
  const repo = createEventTypesRepo(db);

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
  async function insertWithFreeSlug(values: Omit<NewEventType, "slug">, base: string): Promise<EventTypeRow> {
    for (let n = 1; n <= SLUG_ATTEMPTS; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const row = await repo.insertIfSlugFree({ ...values, slug });
      if (row) return row;
    }
    const row = await repo.insertIfSlugFree({ ...values, slug: `${base}-${randomUUID().slice(0, 8)}` });
    if (!row) throw conflict("Could not find a free link for this event type");
    return row;
  }

  return {
    async list(user: UserRow): Promise<EventTypeDto[]> {
      return (await repo.listForUser(user.id)).map((row) => toEventTypeDto(row, user));
    },

    async get(user: UserRow, id: string): Promise<EventTypeDto> {
      const row = await repo.findForUser(user.id, id);
      if (!row) throw notFound("Event type not found");
      return toEventTypeDto(row, user);
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
        maxInvitees: body.maxInvitees ?? defaults.maxInvitees,
        availabilityScheduleId: body.availabilityScheduleId ?? null,
        googleAccountId: body.googleAccountId ?? null,
      };
      if (body.slug) {
        const row = await repo.insertIfSlugFree({ ...values, slug: body.slug });
        if (!row) throw conflict("This link is already taken. Choose another.", "SLUG_TAKEN");
        return toEventTypeDto(row, user);
      }
      return toEventTypeDto(await insertWithFreeSlug(values, slugify(title)), user);
    },

    async update(user: UserRow, id: string, body: UpdateEventTypeBody): Promise<EventTypeDto> {
      const existing = await repo.findForUser(user.id, id);
      if (!existing) throw notFound("Event type not found");
      await checkSchedule(user.id, body.availabilityScheduleId);
      if (body.slug && body.slug !== existing.slug && (await repo.slugTaken(user.id, body.slug, id))) {
        throw conflict("This link is already taken. Choose another.", "SLUG_TAKEN");
      }
      const { type, locations, questions, ...rest } = body;
      const row = await repo.update(user.id, id, {
        ...rest,
        ...(type ? { kind: type } : {}),
        ...(locations ? { locations: normaliseLocations(locations) } : {}),
        ...(questions ? { questions: normaliseQuestions(questions) } : {}),
      });
      if (!row) throw notFound("Event type not found");
      return toEventTypeDto(row, user);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await repo.delete(user.id, id))) throw notFound("Event type not found");
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
      return toEventTypeDto(found.eventType, found.host);
    },

    /** The id behind /{username}/{slug} of a username given up lately (slot lookups of old links). */
    async formerUsernameRef(username: string, slug: string): Promise<string | undefined> {
      return (await findByUserSlug(username, slug))?.eventType.id;
    },

    /** Adds the host's active event types to their public profile. */
    async publicProfilePart(host: UserRow): Promise<{ eventTypes: EventTypeDto[] }> {
      const rows = await repo.listActiveForUser(host.id);
      return { eventTypes: rows.map((row) => toEventTypeDto(row, host)) };
    },
  };
}

export type EventTypesService = ReturnType<typeof createEventTypesService>;

function normaliseLocations(
  locations: { type: Location["type"]; value?: string; displayName?: string }[],
): Location[] {
  return locations.map((l) => ({
    type: l.type,
    value: l.value ?? "",
    displayName: l.displayName || LOCATION_INFO[l.type].displayName,
  }));
}

function normaliseQuestions(questions: (Omit<Question, "id"> & { id?: string })[]): Question[] {
  return questions.map((q) => ({ ...q, id: q.id || randomUUID().slice(0, 8) }));
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
    bookingSettings: row.bookingSettings,
    questions: row.questions,
    maxInvitees: row.maxInvitees,
    availabilityScheduleId: row.availabilityScheduleId,
    googleAccountId: row.googleAccountId,
    user: {
      _id: host.id,
      name: host.name,
      username: host.username,
      avatar: host.avatar,
      timezone: host.timezone,
      timeFormat: host.timeFormat,
      weekStart: host.weekStart,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
