import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDetail, ContactDto } from "../../../contract/contacts.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { createContactsService } from "./service.js";

async function contactByEmail(
  app: FastifyInstance,
  host: Host,
  email: string,
): Promise<ContactDto | undefined> {
  const res = await app.inject({
    method: "GET",
    url: `/api/contacts?limit=100&searchQuery=${encodeURIComponent(email)}`,
    headers: bearer(host.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as ContactDto[]).find((c) => c.email === email);
}

async function detail(app: FastifyInstance, host: Host, id: string): Promise<ContactDetail> {
  const res = await app.inject({ method: "GET", url: `/api/contacts/${id}`, headers: bearer(host.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe.each(dbKinds)("contacts filled from bookings on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  it("creates the invitee's contact in the booking's transaction; guests become prospects", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host, {
      questions: [{ question: "Company name", type: "text", required: false }],
    });
    const who = attendee({
      name: "Ada Lovelace",
      email: "Ada@Example.com",
      phone: "020 7946 0111",
      timezone: "Europe/London",
    });
    const res = await book(t.app, et._id, "2026-10-29T10:00:00-04:00", {
      attendee: who,
      answers: [{ question: "Company name", answer: "Analytical Engines" }],
      guests: ["charles.babbage@example.com", host.email],
    });
    expect(res.statusCode, res.body).toBe(201);

    const contact = await contactByEmail(t.app, host, "ada@example.com");
    expect(contact).toMatchObject({
      fullName: "Ada Lovelace",
      // Booked as a London number; bookings and the contacts they fill keep E.164.
      phone: "+442079460111",
      timezone: "Europe/London",
      company: "Analytical Engines",
      relationshipStage: "prospect",
      source: "booking",
      // The meeting has not taken place yet.
      totalMeetings: 0,
      lastMeetingDate: null,
    });
    const guest = await contactByEmail(t.app, host, "charles.babbage@example.com");
    expect(guest).toMatchObject({
      fullName: "Charles Babbage",
      relationshipStage: "prospect",
      totalMeetings: 0,
      source: "guest",
    });
    // The host's own address never becomes a contact.
    expect(await contactByEmail(t.app, host, host.email.toLowerCase())).toBeUndefined();

    // Once the meeting has ended, it counts (reads recount what became due).
    clock = new Date("2026-10-29T15:00:00Z");
    const after = await detail(t.app, host, contact?._id ?? "");
    expect(after.totalMeetings).toBe(1);
    expect(after.lastMeetingDate).toBe("2026-10-29T14:00:00.000Z");
    expect(after.meetings).toHaveLength(1);
    expect(after.meetings[0]).toMatchObject({ status: "completed", startTime: "2026-10-29T14:00:00.000Z" });
    clock = NOW;
  });

  it("keeps counts right through cancel, no-show and move", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const who = attendee({ email: "grace@example.com", name: "Grace Hopper" });
    const auth = { headers: bearer(host.token) };
    const ids: string[] = [];
    for (const start of [
      "2026-10-29T09:00:00-04:00",
      "2026-10-29T10:00:00-04:00",
      "2026-10-29T11:00:00-04:00",
    ]) {
      const res = await book(t.app, et._id, start, { attendee: who });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
    }
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${ids[1]}/cancel`,
      ...auth,
      payload: { reason: "Changed plans" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    clock = new Date("2026-10-29T16:00:00Z");
    let c = await contactByEmail(t.app, host, "grace@example.com");
    expect(c).toMatchObject({ totalMeetings: 2, lastMeetingDate: "2026-10-29T15:00:00.000Z" });

    const noShow = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${ids[2]}/no-show`,
      ...auth,
      payload: { noShow: true },
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    c = await contactByEmail(t.app, host, "grace@example.com");
    expect(c).toMatchObject({ totalMeetings: 1, lastMeetingDate: "2026-10-29T13:00:00.000Z" });

    const undo = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${ids[2]}/no-show`,
      ...auth,
      payload: { noShow: false },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    c = await contactByEmail(t.app, host, "grace@example.com");
    expect(c?.totalMeetings).toBe(2);

    // Moving a past meeting is refused by bookings; move a future one into the future: not counted yet.
    const future = await book(t.app, et._id, "2026-10-30T09:00:00-04:00", { attendee: who });
    expect(future.statusCode, future.body).toBe(201);
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${future.json().data._id}/reschedule`,
      ...auth,
      payload: { startTime: "2026-10-30T12:00:00-04:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    c = await contactByEmail(t.app, host, "grace@example.com");
    expect(c?.totalMeetings).toBe(2);
    // The original time passes: still 2; the moved time passes: 3.
    clock = new Date("2026-10-30T14:00:00Z");
    expect((await contactByEmail(t.app, host, "grace@example.com"))?.totalMeetings).toBe(2);
    clock = new Date("2026-10-30T17:00:00Z");
    c = await contactByEmail(t.app, host, "grace@example.com");
    expect(c).toMatchObject({ totalMeetings: 3, lastMeetingDate: "2026-10-30T16:00:00.000Z" });
    const page = await detail(t.app, host, c?._id ?? "");
    expect(page.meetings.map((m) => m.status).sort()).toEqual([
      "cancelled",
      "completed",
      "completed",
      "completed",
    ]);
    clock = NOW;
  });

  it("counts a meeting the moment it ends, though the last read was seconds before", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const who = attendee({ email: "ada@example.com", name: "Ada Lovelace" });
    const res = await book(t.app, et._id, "2026-10-29T09:00:00-04:00", { attendee: who });
    expect(res.statusCode, res.body).toBe(201);
    // Reads remember when the host's next count comes due (createDueRecount): not past that moment.
    clock = new Date("2026-10-29T13:29:50Z");
    expect((await contactByEmail(t.app, host, "ada@example.com"))?.totalMeetings).toBe(0);
    clock = new Date("2026-10-29T13:30:01Z");
    const c = await contactByEmail(t.app, host, "ada@example.com");
    expect(c).toMatchObject({ totalMeetings: 1, lastMeetingDate: "2026-10-29T13:00:00.000Z" });
    expect((await detail(t.app, host, c?._id ?? "")).totalMeetings).toBe(1);
    clock = NOW;
  });

  it("never overwrites a field the host edited; fills the others", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const first = await book(t.app, et._id, "2026-10-29T09:00:00-04:00", {
      attendee: attendee({ email: "linus@example.com", name: "Linus T", phone: "+1 415 555 0100" }),
    });
    expect(first.statusCode).toBe(201);
    const contact = await contactByEmail(t.app, host, "linus@example.com");
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/contacts/${contact?._id}`,
      headers: bearer(host.token),
      payload: { fullName: "Linus Torvalds", relationshipStage: "customer" },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const second = await book(t.app, et._id, "2026-10-29T11:00:00-04:00", {
      attendee: attendee({
        email: "LINUS@example.com",
        name: "linus",
        phone: "040 1234567",
        timezone: "Europe/Helsinki",
      }),
    });
    expect(second.statusCode, second.body).toBe(201);
    const after = await contactByEmail(t.app, host, "linus@example.com");
    expect(after).toMatchObject({
      fullName: "Linus Torvalds",
      relationshipStage: "customer",
      phone: "+358401234567",
      timezone: "Europe/Helsinki",
    });
  });

  it("writes a returning invitee's contact only when the booking changes it", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const who = attendee({ email: "grace@example.com", name: "Grace Hopper", phone: "+1 415 555 0101" });
    expect((await book(t.app, et._id, "2026-10-29T11:00:00-04:00", { attendee: who })).statusCode).toBe(201);
    const first = await contactByEmail(t.app, host, "grace@example.com");

    // A later meeting with the same details changes nothing the contact shows: it is left as it was.
    expect((await book(t.app, et._id, "2026-10-29T14:00:00-04:00", { attendee: who })).statusCode).toBe(201);
    const same = await contactByEmail(t.app, host, "grace@example.com");
    expect(same).toEqual(first);

    // An earlier meeting moves when the counts next come due: the contact is written, and counts it.
    expect((await book(t.app, et._id, "2026-10-29T09:00:00-04:00", { attendee: who })).statusCode).toBe(201);
    clock = new Date("2026-10-29T13:45:00Z");
    expect(await contactByEmail(t.app, host, "grace@example.com")).toMatchObject({
      totalMeetings: 1,
      lastMeetingDate: "2026-10-29T13:00:00.000Z",
    });
    clock = NOW;

    // New details fill the contact, and it says when.
    const moved = attendee({ ...who, timezone: "Europe/Paris" });
    expect((await book(t.app, et._id, "2026-10-29T16:00:00-04:00", { attendee: moved })).statusCode).toBe(
      201,
    );
    const filled = await contactByEmail(t.app, host, "grace@example.com");
    expect(filled?.timezone).toBe("Europe/Paris");
    expect(Date.parse(filled?.updatedAt ?? "")).toBeGreaterThan(Date.parse(first?.updatedAt ?? ""));
  });

  it("an import counts the meetings its contacts' emails already had", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const who = attendee({ email: "mary@example.com", name: "Mary Somerville" });
    for (const at of ["2026-10-29T09:00:00-04:00", "2026-10-29T11:00:00-04:00"])
      expect((await book(t.app, et._id, at, { attendee: who })).statusCode).toBe(201);
    const booked = await contactByEmail(t.app, host, "mary@example.com");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/contacts/${booked?._id}`,
      headers: bearer(host.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);

    // Between the two meetings, the host imports her (and a new contact, and a stranger to them).
    clock = new Date("2026-10-29T14:00:00Z");
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: bearer(host.token),
      payload: {
        contacts: [
          { fullName: "Mary Somerville", email: "MARY@example.com" },
          { fullName: "New Person", email: "new.person@example.com" },
        ],
      },
    });
    expect(imported.json().summary, imported.body).toMatchObject({ created: 2, failed: 0 });
    expect(await contactByEmail(t.app, host, "mary@example.com")).toMatchObject({
      totalMeetings: 1,
      lastMeetingDate: "2026-10-29T13:00:00.000Z",
    });
    expect((await contactByEmail(t.app, host, "new.person@example.com"))?.totalMeetings).toBe(0);
    // The meeting still ahead counts once it has ended.
    clock = new Date("2026-10-29T15:31:00Z");
    expect(await contactByEmail(t.app, host, "mary@example.com")).toMatchObject({
      totalMeetings: 2,
      lastMeetingDate: "2026-10-29T15:00:00.000Z",
    });
    // Imported again, she keeps her counts.
    await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: bearer(host.token),
      payload: { contacts: [{ fullName: "Mary S.", email: "mary@example.com" }] },
    });
    expect(await contactByEmail(t.app, host, "mary@example.com")).toMatchObject({
      fullName: "Mary S.",
      totalMeetings: 2,
    });
    clock = NOW;
  });

  it("upsertFromWorkflow creates or fills a contact inside the caller's transaction", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const service = createContactsService(t.database.db, { now: () => clock });
    const created = await t.database.db.transaction((tx) =>
      service.upsertFromWorkflow(tx, host.userId, {
        email: "Wf@Example.com",
        company: "Flowco",
        stage: "lead",
        tags: ["webinar", "Webinar", " vip "],
      }),
    );
    expect(created.created).toBe(true);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/contacts/${created.id}`,
      headers: bearer(host.token),
      payload: { company: "Host Co" },
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = await service.upsertFromWorkflow(t.database.db, host.userId, {
      email: "wf@example.com",
      fullName: "Wanda Flow",
      company: "Other",
      stage: "customer",
      tags: ["event"],
    });
    expect(again).toEqual({ id: created.id, created: false });
    const c = await detail(t.app, host, created.id);
    expect(c).toMatchObject({
      fullName: "Wanda Flow",
      company: "Host Co",
      relationshipStage: "customer",
      tags: ["webinar", "vip", "event"],
      source: "workflow",
    });
    // A rolled-back transaction leaves nothing behind.
    await expect(
      t.database.db.transaction(async (tx) => {
        await service.upsertFromWorkflow(tx, host.userId, { email: "gone@example.com" });
        throw new Error("workflow failed");
      }),
    ).rejects.toThrow("workflow failed");
    expect(await contactByEmail(t.app, host, "gone@example.com")).toBeUndefined();
  });

  it("backfills contacts for bookings written around the service (seed data, older bookings)", async () => {
    clock = NOW;
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const res = await book(t.app, et._id, "2026-10-29T09:00:00-04:00", {
      attendee: attendee({ email: "old@example.com", name: "Old Booker" }),
    });
    expect(res.statusCode).toBe(201);
    const before = await contactByEmail(t.app, host, "old@example.com");
    await t.app.inject({
      method: "DELETE",
      url: `/api/contacts/${before?._id}`,
      headers: bearer(host.token),
    });
    expect(await contactByEmail(t.app, host, "old@example.com")).toBeUndefined();
    clock = new Date("2026-10-30T12:00:00Z");
    await createContactsService(t.database.db, { now: () => clock }).backfillFromBookings(host.userId);
    expect(await contactByEmail(t.app, host, "old@example.com")).toMatchObject({
      fullName: "Old Booker",
      totalMeetings: 1,
      source: "booking",
    });
    clock = NOW;
  });
});
