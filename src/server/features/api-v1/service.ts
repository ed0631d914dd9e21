import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiScope } from "../../../contract/api-keys.js";
import type { V1PageQuery } from "../../../contract/api-v1.js";
import { sha256 } from "../../lib/crypto.js";
import { badRequest, conflict } from "../../lib/errors.js";

/*
 * The public API's conventions, shared by its resource files (routes-*.ts): the route options that
 * name a route's permission, cursor pages, and Idempotency-Key replays of creates.
 */

/** A position in a list ordered by (sort key, id): the last item of the previous page. */
export type Position = readonly [string, string];

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position an opaque cursor names; a cursor the API did not write is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string")) {
      return [value[0], value[1]];
    }
  } catch {
    // fall through
  }
  const message = "Not a cursor this API gave: pass nextCursor unchanged";
  throw badRequest(message, { cursor: message });
}

const after = (a: Position, b: Position) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/**
 * A page of a list the service reads whole (a host's event types and schedules: tens at most),
 * ordered by (key, id) ascending: items after the cursor, so rows added between pages land in their
 * place and nothing is skipped or repeated.
 */
export function pageOf<T>(items: readonly T[], positionOf: (item: T) => Position, q: V1PageQuery) {
  const from = decodeCursor(q.cursor);
  const sorted = items
    .map((item) => ({ item, at: positionOf(item) }))
    .filter((x) => !from || after(x.at, from))
    .sort((a, b) => (after(a.at, b.at) ? 1 : after(b.at, a.at) ? -1 : 0));
  const data = sorted.slice(0, q.limit);
  const last = data[data.length - 1];
  return {
    data: data.map((x) => x.item),
    nextCursor: sorted.length > q.limit && last ? encodeCursor(last.at) : null,
  };
}

/** A page read by keyset from the database: `rows` holds up to limit + 1 (one more says "not the end"). */
export function keysetPage<T>(rows: readonly T[], positionOf: (item: T) => Position, limit: number) {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}

/** What a v1 route declares: the permission a key needs (lib/auth.ts checks it) and its tag. */
export function v1Route(apiScope: ApiScope, tag: string) {
  return { config: { apiScope }, tags: [tag] };
}

interface StoredAnswer {
  /** SHA-256 of the request's JSON body. */
  requestHash: string;
  /** 0 while the first request's create runs. */
  status: number;
  body: unknown;
}

export interface AnswerStore {
  storedAnswer(userId: string, route: string, key: string): Promise<StoredAnswer | undefined>;
  reserve(userId: string, route: string, key: string, requestHash: string): Promise<boolean>;
  storeAnswer(userId: string, route: string, key: string, status: number, body: unknown): Promise<void>;
  release(userId: string, route: string, key: string): Promise<void>;
}

/**
 * A create with an `Idempotency-Key`: the first request claims the key (per host, route and key, for a
 * day), runs and stores its answer; a retry gets that answer again instead of a second row. The same
 * key with another body is a 409 (a client's mistake), as is a retry while the first still runs. A
 * create that fails lets the key go. Without the header it just runs.
 */
export async function idempotent(
  store: AnswerStore,
  request: FastifyRequest,
  reply: FastifyReply,
  create: () => Promise<{ status: 201; body: unknown }>,
) {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") {
    const { status, body } = await create();
    return reply.status(status).send(body);
  }
  const userId = request.user.id;
  const route = `${request.method} ${request.routeOptions.url}`;
  const requestHash = sha256(JSON.stringify(request.body ?? null));
  if (!(await store.reserve(userId, route, key, requestHash))) {
    const stored = await store.storedAnswer(userId, route, key);
    if (stored && stored.requestHash !== requestHash) {
      throw conflict(
        "This Idempotency-Key was sent before with another request: use a new key for a new request",
      );
    }
    if (!stored || stored.status === 0) {
      throw conflict("A request with this Idempotency-Key is still running: retry in a moment");
    }
    return reply.status(stored.status).header("Idempotent-Replayed", "true").send(stored.body);
  }
  try {
    const { status, body } = await create();
    await store.storeAnswer(userId, route, key, status, body);
    return reply.status(status).send(body);
  } catch (error) {
    await store.release(userId, route, key);
    throw error;
  }
}
