import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDto } from "../../../contract/contacts.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

/**
 * A common search (more matches than the count's cap of 200) takes its page from the first contacts in
 * the sort's order (repo-list.ts, pageFromWindow): the page must be the true first page of the matches
 * in that order, whatever the sort and filters, and only the host's.
 */
describe.each(dbKinds)("a common search's page on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  interface Made {
    id: string;
    name: string;
    created: number;
    stage: string;
    priority: string;
    common: boolean;
  }

  /** 1,200 contacts: every 4th at the common domain (300 matches) and tagged Vip, every other one a lead. */
  async function seed(hostUserId: string): Promise<Made[]> {
    await t.database.db.execute(sql`
      insert into contacts (host_user_id, email, full_name, relationship_stage, priority, tags, source, created_at)
      select ${hostUserId}::uuid,
             'person' || i || case when i % 4 = 0 then '@common.test' else '@elsewhere.test' end,
             'Name ' || lpad(((i * 7919) % 1200)::text, 4, '0'),
             case when i % 2 = 0 then 'lead' else 'prospect' end,
             case when i % 3 = 0 then 'high' else 'low' end,
             case when i % 4 = 0 then array['Vip'] else '{}'::text[] end,
             'manual',
             timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, 1200) i`);
    const { rows } = (await t.database.db.execute(sql`
      select id, full_name, created_at, relationship_stage, priority, email
      from contacts where host_user_id = ${hostUserId}`)) as unknown as {
      rows: {
        id: string;
        full_name: string;
        created_at: string | Date;
        relationship_stage: string;
        priority: string;
        email: string;
      }[];
    };
    return rows.map((r) => ({
      id: r.id,
      name: r.full_name,
      created: new Date(r.created_at).getTime(),
      stage: r.relationship_stage,
      priority: r.priority,
      common: r.email.endsWith("@common.test"),
    }));
  }

  /** Text in the byte order PostgreSQL's C collation and uuid comparison use. */
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const byName = (a: Made, b: Made) =>
    compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id);
  const byCreatedDesc = (a: Made, b: Made) => b.created - a.created || compare(b.id, a.id);

  it("is the first page of the matches in the sort's order, with stage, priority and tag filters", async () => {
    const host = await signUp(t.app);
    const other = await signUp(t.app);
    const made = await seed(host.userId);
    const list = async (who: typeof host, query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/contacts?${query}`,
        headers: bearer(who.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: ContactDto[]; pagination: { total: number; totalCapped?: boolean } };
    };
    const ids = (page: { data: ContactDto[] }) => page.data.map((c) => c._id);
    const matches = made.filter((m) => m.common);
    /** The ids of page `n` (from 0) of 25 of `rows` in `order`. */
    const expected = (rows: Made[], order: (a: Made, b: Made) => number, n = 0) =>
      [...rows]
        .sort(order)
        .slice(n * 25, n * 25 + 25)
        .map((m) => m.id);

    const first = await list(host, "searchQuery=common.test&limit=25&sort=name");
    expect(first.pagination).toMatchObject({ total: 200, totalCapped: true });
    expect(ids(first)).toEqual(expected(matches, byName));

    const second = await list(host, "searchQuery=common.test&limit=25&page=2&sort=name&order=desc");
    expect(ids(second)).toEqual(expected(matches, (a, b) => byName(b, a), 1));

    const created = await list(host, "searchQuery=COMMON.TEST&limit=25&sort=created");
    expect(ids(created)).toEqual(expected(matches, byCreatedDesc));

    // Every common contact is a lead (i % 4 = 0 is even): the window walked with the stage filter.
    const leads = await list(host, "searchQuery=common.test&limit=25&sort=name&stage=lead");
    expect(leads.pagination.totalCapped).toBe(true);
    expect(ids(leads)).toEqual(
      expected(
        matches.filter((m) => m.stage === "lead"),
        byName,
      ),
    );
    const tagged = await list(host, "searchQuery=common.test&limit=25&sort=meetings&tag=vip");
    expect(tagged.pagination.totalCapped).toBe(true);
    // Every contact has 0 meetings: the id breaks the tie, descending.
    expect(ids(tagged)).toEqual(expected(matches, (a, b) => compare(b.id, a.id)));
    // 100 high-priority matches: under the cap, counted exactly, and none of the window's.
    const high = await list(host, "searchQuery=common.test&limit=25&sort=name&priority=high");
    expect(high.pagination).toMatchObject({ total: matches.filter((m) => m.priority === "high").length });
    expect(ids(high)).toEqual(
      expected(
        matches.filter((m) => m.priority === "high"),
        byName,
      ),
    );

    // Another host's search finds none of these.
    const theirs = await list(other, "searchQuery=common.test&limit=25&sort=name");
    expect(theirs.data).toEqual([]);
    expect(theirs.pagination.total).toBe(0);
  });
});
