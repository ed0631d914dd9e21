import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_PRIORITIES, CONTACT_STAGES, type ContactStats } from "../../../contract/contacts.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * The list's totals and the stats overview come from kept counts (contact_counts, kept by triggers):
 * after every kind of write they must say what counting the contacts says.
 */
describe.each(dbKinds)("kept contact counts on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const call = (host: Host, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(host.token), payload });

  /** What counting the host's contacts says, in the overview's shape. */
  async function counted(hostUserId: string): Promise<Omit<ContactStats, "newThisMonth" | "metLast30Days">> {
    const { rows } = (await t.database.db.execute(sql`
      select relationship_stage as stage, priority, count(*)::int as n
      from contacts where host_user_id = ${hostUserId} group by 1, 2`)) as unknown as {
      rows: { stage: string; priority: string; n: number }[];
    };
    const byStage = Object.fromEntries(CONTACT_STAGES.map((s) => [s, 0])) as ContactStats["byStage"];
    const byPriority = Object.fromEntries(
      CONTACT_PRIORITIES.map((p) => [p, 0]),
    ) as ContactStats["byPriority"];
    let total = 0;
    for (const r of rows) {
      byStage[r.stage as keyof typeof byStage] += r.n;
      byPriority[r.priority as keyof typeof byPriority] += r.n;
      total += r.n;
    }
    return { total, byStage, byPriority };
  }

  /** The overview and the list's totals (all, each stage, each priority) agree with a real count. */
  async function expectExact(host: Host, step: string) {
    const real = await counted(host.userId);
    const stats = await call(host, "GET", "/api/contacts/stats/overview");
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data, step).toMatchObject(real);
    const totalOf = async (query: string) => {
      const res = await call(host, "GET", `/api/contacts?limit=1&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pagination.totalCapped, step).toBeUndefined();
      return res.json().pagination.total as number;
    };
    expect(await totalOf(""), step).toBe(real.total);
    for (const stage of CONTACT_STAGES)
      expect(await totalOf(`stage=${stage}`), step).toBe(real.byStage[stage]);
    for (const p of CONTACT_PRIORITIES) expect(await totalOf(`priority=${p}`), step).toBe(real.byPriority[p]);
    expect(await totalOf("stage=lead&priority=high"), step).toBe(
      (
        (await t.database.db.execute(sql`
          select count(*)::int as n from contacts
          where host_user_id = ${host.userId} and relationship_stage = 'lead' and priority = 'high'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n,
    );
    return real;
  }

  async function keptRows(hostUserId: string): Promise<number> {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from contact_counts where host_user_id = ${hostUserId}`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0].n;
  }

  function csv(lines: string[]): { payload: Buffer; headers: Record<string, string> } {
    const boundary = "----kairos-counts-boundary";
    const body = `Full Name,Email,Relationship Stage,Priority\n${lines.join("\n")}\n`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    return {
      payload: Buffer.from(`${head}${body}\r\n--${boundary}--\r\n`),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  }

  it("stay exact through create, edit, delete, bulk actions, import, bookings and folding", async () => {
    const host = await hostIn(t.app, "Asia/Kolkata");
    const other = await hostIn(t.app, "Asia/Kolkata");
    await expectExact(host, "empty");

    const ids: string[] = [];
    for (const [i, stage, priority] of [
      [1, "lead", "high"],
      [2, "lead", "low"],
      [3, "customer", "high"],
      [4, "prospect", "medium"],
    ] as const) {
      const res = await call(host, "POST", "/api/contacts", {
        fullName: `Person ${i}`,
        email: `p${i}@example.com`,
        relationshipStage: stage,
        priority,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
    }
    // Another host's contact counts for them only.
    await call(other, "POST", "/api/contacts", { fullName: "Other", email: "o@example.com" });
    await expectExact(host, "after create");
    await expectExact(other, "other host");

    // A refused create (taken email) changes nothing.
    expect(
      (await call(host, "POST", "/api/contacts", { fullName: "Dup", email: "p1@example.com" })).statusCode,
    ).toBe(409);
    await call(host, "PUT", `/api/contacts/${ids[0]}`, { relationshipStage: "partner" });
    await call(host, "PUT", `/api/contacts/${ids[1]}`, { priority: "medium", notes: "moved" });
    await call(host, "PUT", `/api/contacts/${ids[2]}`, { notes: "same cell" });
    await expectExact(host, "after edits");

    expect((await call(host, "DELETE", `/api/contacts/${ids[3]}`)).statusCode).toBe(200);
    await expectExact(host, "after delete");

    const bulkStage = await call(host, "POST", "/api/contacts/bulk", {
      filter: { priority: "high" },
      action: "stage",
      stage: "other",
    });
    expect(bulkStage.statusCode, bulkStage.body).toBe(200);
    await expectExact(host, "after bulk stage");

    // Import: new rows, a row merging into an existing contact (new stage), the same email twice.
    const imported = csv([
      "Imported One,i1@example.com,customer,low",
      "Imported Two,i2@example.com,,",
      "Person 2 again,p2@example.com,partner,high",
      "Imported One later,i1@example.com,lead,high",
      "Broken,not-an-email,lead,high",
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      payload: imported.payload,
      headers: { ...bearer(host.token), ...imported.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ created: 2, updated: 2, failed: 1 });
    await expectExact(host, "after import");

    // A booking makes its invitee a contact (the booking path's own statement), guests too.
    const et = await eventType(t.app, host);
    const booked = await book(t.app, et._id, "2026-10-29T10:00:00+05:30", {
      attendee: attendee({ email: "invitee-counts@example.com" }),
      guests: ["guest-counts@example.com"],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Booking again as an existing contact updates it without counting it twice.
    const again = await book(t.app, et._id, "2026-10-29T12:00:00+05:30", {
      attendee: attendee({ email: "p2@example.com" }),
    });
    expect(again.statusCode, again.body).toBe(201);
    await expectExact(host, "after bookings");

    const bulkDelete = await call(host, "POST", "/api/contacts/bulk", {
      filter: { stage: "other" },
      action: "delete",
    });
    expect(bulkDelete.statusCode, bulkDelete.body).toBe(200);
    expect(bulkDelete.json().data.affected).toBeGreaterThan(0);
    await expectExact(host, "after bulk delete");

    // Many small changes pile up rows; a read folds them into at most one per cell, still exact.
    const person = ids[1];
    for (let i = 0; i < 40; i++) {
      await call(host, "PUT", `/api/contacts/${person}`, { priority: i % 2 ? "high" : "low" });
    }
    expect(await keptRows(host.userId)).toBeGreaterThan(CONTACT_STAGES.length * CONTACT_PRIORITIES.length);
    await expectExact(host, "before folding");
    expect(await keptRows(host.userId)).toBeLessThanOrEqual(
      CONTACT_STAGES.length * CONTACT_PRIORITIES.length,
    );
    await expectExact(host, "after folding");
    await expectExact(other, "other host at the end");
  });

  it("go with a deleted account, and a search's total is counted up to the cap", async () => {
    const host = await hostIn(t.app, "Asia/Kolkata");
    for (let i = 0; i < 3; i++) {
      await call(host, "POST", "/api/contacts", { fullName: `Gone ${i}`, email: `gone${i}@example.com` });
    }
    await expectExact(host, "before deletion");
    const search = await call(host, "GET", "/api/contacts?limit=1&searchQuery=gone");
    expect(search.json().pagination).toMatchObject({ total: 3, totalPages: 3 });
    expect(search.json().pagination.totalCapped).toBeUndefined();

    const gone = await call(host, "DELETE", "/api/users/me", { email: host.email });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await keptRows(host.userId)).toBe(0);
  });
});

/** The cap itself, with a small cap's worth of contacts written straight into the table. */
describe.each(dbKinds)("capped search totals on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  async function seed(host: Host, n: number, domain: string) {
    await t.database.db.execute(sql`
      insert into contacts (host_user_id, full_name, email)
      select ${host.userId}::uuid, 'Person ' || lpad(i::text, 5, '0'), 'p' || i || '@' || ${domain}::text
      from generate_series(1, ${n}::int) i`);
  }

  it("says a common search's total is a lower bound and still pages it in order", async () => {
    const host = await hostIn(t.app, "Asia/Kolkata");
    await seed(host, 1100, "common.test");
    await seed(host, 30, "rare.test");
    const get = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(host.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await get("/api/contacts?limit=25");
    expect(all.pagination).toMatchObject({ total: 1130 });
    expect(all.pagination.totalCapped).toBeUndefined();

    const common = await get("/api/contacts?limit=25&searchQuery=common.test");
    expect(common.pagination).toMatchObject({ total: 200, totalPages: 8, totalCapped: true });
    expect(common.data.map((c: { fullName: string }) => c.fullName)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Person ${String(i + 1).padStart(5, "0")}`),
    );
    // A page past the cap counts up to its end.
    const late = await get("/api/contacts?limit=25&page=44&searchQuery=common.test");
    expect(late.pagination).toMatchObject({ total: 1100, totalPages: 44 });
    expect(late.pagination.totalCapped).toBeUndefined();
    expect(late.data[0].fullName).toBe("Person 01076");

    const rare = await get("/api/contacts?limit=25&page=2&searchQuery=rare.test");
    expect(rare.pagination).toMatchObject({ total: 30, totalPages: 2 });
    expect(rare.data).toHaveLength(5);
    // A rare search's page is read by id after its keys are sorted: the rows keep that order.
    const rareDesc = await get("/api/contacts?limit=25&order=desc&searchQuery=rare.test");
    expect(rareDesc.data.map((c: { fullName: string }) => c.fullName)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Person ${String(30 - i).padStart(5, "0")}`),
    );
  });

  it("counts a search past the cap exactly when its matches cluster after the first contacts", async () => {
    const host = await hostIn(t.app, "Asia/Kolkata");
    // Sorted by name, the first 1,100 contacts ("Person ...") hold none of the 300 "Zed ..." ones.
    await seed(host, 1100, "before.test");
    await t.database.db.execute(sql`
      insert into contacts (host_user_id, full_name, email)
      select ${host.userId}::uuid, 'Zed ' || lpad(i::text, 5, '0'), 'z' || i || '@late.test'
      from generate_series(1, 300) i`);
    const get = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(host.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const zed = await get("/api/contacts?limit=25&page=2&searchQuery=zed");
    expect(zed.pagination).toMatchObject({ total: 300, totalPages: 12 });
    expect(zed.pagination.totalCapped).toBeUndefined();
    expect(zed.data.map((c: { fullName: string }) => c.fullName)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Zed ${String(i + 26).padStart(5, "0")}`),
    );
    // Last name first: the same matches collected, the page read in the other order.
    const zedDesc = await get("/api/contacts?limit=25&order=desc&searchQuery=zed");
    expect(zedDesc.pagination).toMatchObject({ total: 300 });
    expect(zedDesc.data.map((c: { fullName: string }) => c.fullName)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Zed ${String(300 - i).padStart(5, "0")}`),
    );
    // Newest first: the same search in another order, still exact.
    const newest = await get("/api/contacts?limit=25&sort=created&order=asc&searchQuery=late.test");
    expect(newest.pagination).toMatchObject({ total: 300 });
    expect(newest.data).toHaveLength(25);
  });
});
