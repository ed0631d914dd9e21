import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { FILLABLE_FIELDS, type FillableField } from "../../../domain/contact-fields.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  bookings,
  type ContactRow,
  contactAvatars,
  contacts,
  type NewContactRow,
} from "../../db/schema/index.js";

export type AutoFill = Partial<Pick<NewContactRow, FillableField>>;

/**
 * Values for ON CONFLICT DO UPDATE that fill from the incoming row (`excluded`) only what the host
 * never edited by hand and what the incoming row actually brings (non-empty), else keep the stored value.
 */
export function autoFillSet(given: AutoFill): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const field of FILLABLE_FIELDS) {
    if (given[field] === undefined) continue;
    const col = contacts[field];
    const name = sql.raw(`"${col.name}"`);
    const empty = field === "tags" ? sql`cardinality(excluded.${name}) = 0` : sql`excluded.${name} = ''`;
    set[field] =
      sql`case when ${field} = any(${contacts.hostEdited}) or ${empty} then ${col} else excluded.${name} end`;
  }
  return set;
}

/**
 * A contact's meeting counts at `now`, as recountMeetings counts them, for a lateral join: `n` confirmed
 * meetings that have ended, the start of the `last` of them, and `next`, the earliest end still ahead
 * (when the counts go stale).
 */
export const meetingCounts = (hostUserId: SQL, email: SQL, now: Date) => sql`(
  select count(*) filter (where b.end_time <= ${now})::int as n,
         max(b.start_time) filter (where b.end_time <= ${now}) as last,
         min(b.end_time) filter (where b.end_time > ${now}) as next
  from ${bookings} b
  where b.host_user_id = ${hostUserId} and b.attendee_email = ${email} and b.status = 'confirmed')`;

export function createContactsRepo(db: DbOrTx) {
  /**
   * Recounts meetings (as recountMeetings does) for the contacts that `where` picks, given the
   * table's alias. The condition holds for both sides of the self-join: on `d` alone PostgreSQL
   * planned a hash join over a scan of every contact `c`, once per import batch.
   */
  async function recountWhere(where: (t: SQL) => SQL, now: Date): Promise<void> {
    await db.execute(sql`
      update ${contacts} c set
        total_meetings = s.n, last_meeting_at = s.last, counts_valid_until = s.next
      from ${contacts} d
      cross join lateral ${meetingCounts(sql.raw("d.host_user_id"), sql.raw("d.email"), now)} s
      where d.id = c.id and ${where(sql.raw("d"))} and ${where(sql.raw("c"))}
        -- Unchanged counts are not rewritten (most of a host's contacts, recounted, have not changed).
        and (d.total_meetings, d.last_meeting_at, d.counts_valid_until) is distinct from (s.n, s.last, s.next)`);
  }

  return {
    /**
     * Creates the host's contact for `email`, or fills the fields of the existing one that the host
     * never edited. One statement, so concurrent bookings of one email never make two contacts.
     */
    async upsertAuto(
      hostUserId: string,
      email: string,
      fill: AutoFill & { fullName: string },
      source: ContactRow["source"],
    ): Promise<{ id: string; created: boolean }> {
      const values: NewContactRow = { hostUserId, email, source, ...withoutUndefined(fill) };
      const [row] = await db
        .insert(contacts)
        .values(values)
        .onConflictDoUpdate({
          target: [contacts.hostUserId, contacts.email],
          set: { ...autoFillSet(fill), updatedAt: sql`now()` },
        })
        .returning({ id: contacts.id, created: sql<boolean>`(xmax = 0)` });
      return row;
    },

    /**
     * Recounts the host's meetings with `email` from the bookings: confirmed ones that have ended
     * took place; the earliest end still ahead is when the counts next go stale.
     */
    async recountMeetings(hostUserId: string, email: string, now: Date): Promise<void> {
      await db.execute(sql`
        update ${contacts} c set
          total_meetings = s.n, last_meeting_at = s.last, counts_valid_until = s.next
        from (
          select count(*) filter (where ${bookings.endTime} <= ${now})::int as n,
                 max(${bookings.startTime}) filter (where ${bookings.endTime} <= ${now}) as last,
                 min(${bookings.endTime}) filter (where ${bookings.endTime} > ${now}) as next
          from ${bookings}
          where ${bookings.hostUserId} = ${hostUserId} and ${bookings.attendeeEmail} = ${email}
            and ${bookings.status} = 'confirmed'
        ) s
        where c.host_user_id = ${hostUserId} and c.email = ${email}`);
    },

    /** Recounts the host's contacts whose next meeting has ended since their counts were made. */
    async refreshDue(hostUserId: string, now: Date): Promise<void> {
      await recountWhere(
        (t) => sql`${t}.host_user_id = ${hostUserId} and ${t}.counts_valid_until <= ${now}`,
        now,
      );
    },

    /**
     * Creates a contact for every invitee of the host's bookings that has none yet (bookings written
     * without the service: demo data, rows from before contacts existed), then recounts them all.
     */
    async backfillFromBookings(hostUserId: string, now: Date): Promise<void> {
      await db.execute(sql`
        insert into ${contacts} (host_user_id, email, full_name, phone, timezone, source, created_at)
        select distinct on (b.attendee_email) b.host_user_id, b.attendee_email, b.attendee_name,
               b.attendee_phone, b.attendee_timezone, 'booking',
               min(b.created_at) over (partition by b.attendee_email)
        from ${bookings} b join users u on u.id = b.host_user_id
        where b.host_user_id = ${hostUserId} and b.attendee_email <> lower(u.email)
        order by b.attendee_email, b.created_at desc
        on conflict (host_user_id, email) do nothing`);
      await recountWhere((t) => sql`${t}.host_user_id = ${hostUserId}`, now);
    },

    /** Adds a contact known only by email (a booking's guest); an existing one is left as it is. */
    async insertIfMissing(
      hostUserId: string,
      email: string,
      fullName: string,
      source: ContactRow["source"],
    ): Promise<void> {
      await db.insert(contacts).values({ hostUserId, email, fullName, source }).onConflictDoNothing();
    },

    async insert(values: NewContactRow): Promise<ContactRow> {
      const [row] = await db.insert(contacts).values(values).returning();
      return row;
    },

    async find(hostUserId: string, id: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, id), eq(contacts.hostUserId, hostUserId)))
        .limit(1);
      return row;
    },

    async findByEmail(hostUserId: string, email: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.hostUserId, hostUserId), eq(contacts.email, email)))
        .limit(1);
      return row;
    },

    async update(
      hostUserId: string,
      id: string,
      patch: Partial<NewContactRow>,
    ): Promise<ContactRow | undefined> {
      const [row] = await db
        .update(contacts)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(contacts.id, id), eq(contacts.hostUserId, hostUserId)))
        .returning();
      return row;
    },

    async remove(hostUserId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(contacts)
        .where(and(eq(contacts.id, id), eq(contacts.hostUserId, hostUserId)))
        .returning({ id: contacts.id });
      return rows.length > 0;
    },

    /** The host's bookings with this email, latest first (the contact page's timeline). */
    async meetings(hostUserId: string, email: string, limit: number) {
      return db
        .select({
          id: bookings.id,
          title: bookings.eventTitle,
          color: bookings.eventColor,
          startTime: bookings.startTime,
          endTime: bookings.endTime,
          status: bookings.status,
        })
        .from(bookings)
        .where(and(eq(bookings.hostUserId, hostUserId), eq(bookings.attendeeEmail, email)))
        .orderBy(sql`${bookings.startTime} desc`, asc(bookings.id))
        .limit(limit);
    },

    async avatar(hostUserId: string, id: string) {
      const [row] = await db
        .select({ contentType: contactAvatars.contentType, data: contactAvatars.data })
        .from(contactAvatars)
        .innerJoin(contacts, eq(contacts.id, contactAvatars.contactId))
        .where(and(eq(contacts.id, id), eq(contacts.hostUserId, hostUserId)))
        .limit(1);
      return row;
    },

    async saveAvatar(contactId: string, contentType: string, data: Buffer): Promise<void> {
      await db
        .insert(contactAvatars)
        .values({ contactId, contentType, data })
        .onConflictDoUpdate({ target: contactAvatars.contactId, set: { contentType, data } });
    },

    async removeAvatar(contactId: string): Promise<void> {
      await db.delete(contactAvatars).where(eq(contactAvatars.contactId, contactId));
    },
  };
}

export type ContactsRepo = ReturnType<typeof createContactsRepo>;

/**
 * How long a read trusts what the last one learned: that no count of the host comes due before its
 * next meeting's end. Shorter than the shortest meeting (DURATION_MIN, 5 minutes), so a booking made
 * since, on this server or another, ends after it. Only a meeting confirmed within this of its end (a
 * request approved as it finishes) can be counted up to this late.
 */
const RECHECK_MS = 30_000;
/** At most this many hosts remembered per database; past it the memo starts again. */
const MEMO_HOSTS = 10_000;

type DueRecount = (hostUserId: string, now: Date) => Promise<void>;
const recounts = new WeakMap<Db, DueRecount>();

/**
 * `refreshDue` behind a kept check, for reads (the lists, a contact, the stats), one per database:
 * almost always no count is due. The recount is a self-join update that PostgreSQL parsed and
 * planned on every call, 0.8 of its 0.9 ms, a quarter of a contacts search (docs/performance.md); the
 * check reads the host's next due time from `contacts_counts_due_idx`, planned once. Until then (or
 * RECHECK_MS) the host's reads skip the check: a search as the host types, or paging, asks once, a
 * round trip and a tenth of a search's CPU fewer.
 */
export function createDueRecount(db: Db): DueRecount {
  const made = recounts.get(db);
  if (made) return made;
  const repo = createContactsRepo(db);
  const nextDue = keptStatement(db, "contacts_next_count_due", (h) =>
    h
      .select({ at: contacts.countsValidUntil })
      .from(contacts)
      .where(
        sql`${contacts.hostUserId} = ${sql.placeholder("hostUserId")} and ${contacts.countsValidUntil} is not null`,
      )
      // The index's first entry, whatever the plan: min() may be planned as a walk of all of them.
      .orderBy(asc(contacts.countsValidUntil))
      .limit(1)
      .prepare("contacts_next_count_due"),
  );
  /** Per host: when the check ran (a test's clock may go back) and until when nothing is due. */
  const quiet = new Map<string, { checkedAt: number; until: number }>();
  const recount: DueRecount = async (hostUserId, now) => {
    const at = now.getTime();
    const known = quiet.get(hostUserId);
    if (known && known.checkedAt <= at && at < known.until) return;
    const [row] = await nextDue(db, { hostUserId });
    const due = row?.at ? row.at.getTime() : Number.POSITIVE_INFINITY;
    if (due <= at) {
      quiet.delete(hostUserId);
      await repo.refreshDue(hostUserId, now);
      return;
    }
    if (quiet.size >= MEMO_HOSTS) quiet.clear();
    quiet.set(hostUserId, { checkedAt: at, until: Math.min(due, at + RECHECK_MS) });
  };
  recounts.set(db, recount);
  return recount;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
