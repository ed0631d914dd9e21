import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

const TUE_10AM = "2026-11-03T10:00:00-05:00";
const THU_10AM = "2026-10-29T10:00:00-04:00";

describe.each(dbKinds)("account data on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  /** Rows of a raw query (PGlite and pg answer with the same `rows`). */
  const query = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const count = async (q: SQL) => (await query<{ n: number }>(q))[0].n;

  /** Rows in every table that names a user, for this user. */
  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const columns = await query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('user_id', 'host_user_id') order by table_name`);
    expect(columns.length).toBeGreaterThan(5);
    const counts: Record<string, number> = {};
    for (const { table_name, column_name } of columns) {
      counts[table_name] = await count(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
      );
    }
    counts.users = await count(sql`select count(*)::int as n from users where id = ${userId}`);
    return counts;
  }

  it("exports everything of the account as JSON, without secrets or other hosts' data", async () => {
    const h = await hostIn(t.app, "America/New_York", "Export Host");
    const other = await hostIn(t.app, "America/New_York", "Other Host");
    const et = await eventType(t.app, h, { title: "Export me" });
    await eventType(t.app, other, { title: "Not mine" });
    const booked = await book(t.app, et._id, THU_10AM);
    expect(booked.statusCode).toBe(201);

    const res = await call("GET", "/api/users/export", h.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="kairos-export-host-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json().data;
    expect(data.user).toMatchObject({ _id: h.userId, name: "Export Host", username: "export-host" });
    expect(data.eventTypes.map((e: { title: string }) => e.title)).toEqual(["Export me"]);
    expect(data.availabilitySchedules).toHaveLength(1);
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0].attendee.email).toBe(booked.json().data.attendee.email);
    expect(data.calendarSettings).toBeDefined();
    expect(data.holidays).toBeDefined();
    expect(res.body).not.toMatch(/password_?hash|argon2|token_?hash/i);
    expect(res.body).not.toContain("Not mine");
    expect((await call("GET", "/api/users/export")).statusCode).toBe(401);
  });

  it("deletes the account after the email is typed: cancels upcoming meetings, tells invitees, leaves nothing", async () => {
    const h = await hostIn(t.app, "America/New_York", "Leaving Host");
    const other = await hostIn(t.app, "America/New_York", "Staying Host");
    const et = await eventType(t.app, h, { title: "Goodbye call" });
    const otherEt = await eventType(t.app, other, { title: "Still here" });
    const invitee = attendee();
    const upcoming = await book(t.app, et._id, TUE_10AM, { attendee: invitee });
    expect(upcoming.statusCode).toBe(201);
    const kept = await book(t.app, otherEt._id, TUE_10AM);
    expect(kept.statusCode).toBe(201);
    await call("PUT", "/api/users/username", h.token, { username: "leaving-soon" });
    const before = await rowsOf(h.userId);
    expect(before.users).toBe(1);
    expect(before.bookings).toBe(1);

    // Not the email: nothing happens. Another host cannot delete it at all.
    const wrong = await call("DELETE", "/api/users/me", h.token, { email: "someone@else.com" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.email).toBeDefined();
    const byOther = await call("DELETE", "/api/users/me", other.token, { email: h.email });
    expect(byOther.statusCode).toBe(400);
    expect((await rowsOf(h.userId)).users).toBe(1);

    const mailsBefore = (await t.database.db.select().from(mailOutbox)).length;
    const gone = await call("DELETE", "/api/users/me", h.token, { email: h.email.toUpperCase() });
    expect(gone.statusCode).toBe(200);

    const after = await rowsOf(h.userId);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from username_history where username = 'leaving-soon'`),
    ).toBe(0);

    const mails = (await t.database.db.select().from(mailOutbox)).slice(mailsBefore);
    const toInvitee = mails.find((m) => m.to === invitee.email);
    expect(toInvitee?.subject).toMatch(/^Cancelled: Goodbye call with Leaving Host/);
    expect(toInvitee?.text).toContain("closed their scheduling account");
    expect(mails.find((m) => m.to === h.email)?.subject).toBe("Your Kairos account was deleted");

    expect((await call("GET", "/api/auth/me", h.token)).statusCode).toBe(401);
    expect((await call("GET", "/api/users/leaving-soon/public")).statusCode).toBe(404);
    expect((await call("GET", `/api/event-types/${et.slug}/public?user=leaving-soon`)).statusCode).toBe(404);
    // The other host's booking and account are untouched; the email can sign up again.
    const theirs = await call("GET", `/api/bookings/${kept.json().data._id}`, other.token);
    expect(theirs.json().data.status).toBe("confirmed");
    const again = await signUp(t.app, { email: h.email, name: "Leaving Host" });
    expect(again.userId).not.toBe(h.userId);
  });
});
