import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { v1Client } from "../../testing/api-v1.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// Thursday 29 October 2026, within a UTC host's default weekday hours.
const at = (hour: number, day = 29) => `2026-10-${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;

type OpenApiAnswer = { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
type OpenApiOperation = { responses: Record<string, OpenApiAnswer> };

describe.each(dbKinds)("the public API on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const clock = NOW;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => clock,
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const { call, v1, keyFor } = v1Client(() => t.app);
  const deliver = async () => {
    await t.app.jobs.flush();
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails.splice(0);
  };

  /** A host with an event type, a booking and a contact: what every route can act on. */

  it("lists with cursors that neither skip nor repeat while rows are added between pages", async () => {
    const host = await hostIn(t.app, "UTC");
    const key = await keyFor(host);
    const et = await eventType(t.app, host);
    for (const hour of [9, 10, 11, 12, 13])
      expect((await book(t.app, et._id, at(hour))).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      await v1(key.secret, "POST", "/contacts", { fullName: `C${i}`, email: `c${i}-${et._id}@example.com` });
    }
    const walk = async (url: string, addBetween: (page: number) => Promise<void>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 20; page++) {
        const sep = url.includes("?") ? "&" : "?";
        const res = await v1(key.secret, "GET", `${url}${sep}limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.data.length).toBeLessThanOrEqual(2);
        seen.push(...body.data.map((x: { _id: string }) => x._id));
        cursor = body.nextCursor;
        if (!cursor) return seen;
        await addBetween(page);
      }
      throw new Error("no end");
    };
    // Bookings by start: one added after the walk's position shows up, one before it does not.
    const late = [14, 15];
    const bookings = await walk("/bookings", async (page) => {
      if (page === 0) {
        const res = await v1(key.secret, "POST", "/bookings", {
          eventTypeId: et._id,
          startTime: at(late.shift() as number),
          attendee: attendee(),
        });
        expect(res.statusCode).toBe(201);
      }
    });
    expect(new Set(bookings).size).toBe(bookings.length);
    expect(bookings).toHaveLength(6);
    // Contacts by creation: every one added while walking is at the end, so the walk meets it once.
    let added = 0;
    const contacts = await walk("/contacts", async () => {
      added += 1;
      const res = await v1(key.secret, "POST", "/contacts", {
        fullName: `Late ${added}`,
        email: `late${added}-${et._id}@example.com`,
      });
      expect(res.statusCode).toBe(201);
    });
    expect(new Set(contacts).size).toBe(contacts.length);
    // Bookings made contacts too: the walk met every contact there is now, in the list's order.
    const all = (await v1(key.secret, "GET", "/contacts?limit=100"))
      .json()
      .data.map((c: { _id: string }) => c._id);
    expect(added).toBeGreaterThan(0);
    expect(contacts).toEqual(all);
    // Event types (read whole, paged in memory by the same rule).
    for (const title of ["Second", "Third"])
      await v1(key.secret, "POST", "/event-types", { title, duration: 15 });
    const types = await walk("/event-types", async (page) => {
      if (page === 0) await v1(key.secret, "POST", "/event-types", { title: "Late type", duration: 15 });
    });
    expect(types).toHaveLength(4);
    expect(new Set(types).size).toBe(4);
    expect((await v1(key.secret, "GET", "/bookings?cursor=garbage")).json()).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      errors: { cursor: expect.any(String) },
    });
    expect((await v1(key.secret, "GET", "/bookings?limit=101")).json().errors).toHaveProperty("limit");
  });

  it("books through the booking page's own path: the same mails and workflows as a page booking, and the same booking on a retry", async () => {
    const host = await hostIn(t.app, "UTC");
    const key = await keyFor(host);
    const et = await eventType(t.app, host);
    // A workflow of the host: both bookings must run it.
    const workflow = await call(host.token, "POST", "/workflows", {
      name: "Welcome",
      description: "",
      trigger: { type: "event_scheduled" },
      actions: [
        { type: "send_email", config: { to: "attendee", subject: "Welcome {{event_name}}", body: "Hi" } },
      ],
    });
    expect(workflow.status, workflow.raw).toBe(201);
    await deliver();
    const who = {
      name: "Page Person",
      email: "person@example.com",
      phone: "5551234567",
      timezone: "Asia/Kolkata",
    };
    const page = await book(t.app, et._id, at(9), { attendee: who });
    expect(page.statusCode).toBe(201);
    const pageMails = await deliver();

    const idempotencyKey = "k".repeat(30);
    const body = { eventTypeId: et._id, startTime: at(10), attendee: who };
    const api = await v1(key.secret, "POST", "/bookings", body, { "idempotency-key": idempotencyKey });
    expect(api.statusCode, api.body).toBe(201);
    const apiMails = await deliver();
    const shape = (mails: typeof pageMails) =>
      mails.map((m) => ({ to: m.to, subject: (m.parsed.subject ?? "").replace(/\d/g, "#") }));
    expect(apiMails.map((m) => m.parsed.subject)).toContain(`Welcome ${et.title}`);
    expect(shape(apiMails)).toEqual(shape(pageMails));
    const runs = await call(host.token, "GET", `/workflows/${workflow.body.data._id}/executions?limit=100`);
    expect(runs.body.data.map((r: { status: string }) => r.status)).toEqual(["sent", "sent"]);

    const booking = api.json().data;
    expect(booking).toMatchObject({ startTime: at(10), status: "confirmed", attendee: { email: who.email } });
    expect(booking).not.toHaveProperty("manageToken");
    // The retry answers the same booking, books nothing more and mails nobody.
    const retry = await v1(key.secret, "POST", "/bookings", body, { "idempotency-key": idempotencyKey });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data._id).toBe(booking._id);
    expect(await deliver()).toEqual([]);
    const listed = (await v1(key.secret, "GET", "/bookings?limit=100")).json().data;
    expect(listed).toHaveLength(2);

    // Reschedule and cancel by the API mail the invitee as the app's own do.
    const moved = await v1(key.secret, "POST", `/bookings/${booking._id}/reschedule`, { startTime: at(13) });
    expect(moved.json().data.startTime).toBe(at(13));
    expect((await deliver()).map((m) => m.to.join())).toContain(who.email);
    const cancelled = await v1(key.secret, "POST", `/bookings/${booking._id}/cancel`, { reason: "Other" });
    expect(cancelled.json().data.status).toBe("cancelled");
    expect((await deliver()).map((m) => m.to.join())).toContain(who.email);
  });

  it("replays a create with the same Idempotency-Key instead of making a second one", async () => {
    const host = await hostIn(t.app, "UTC");
    const key = await keyFor(host);
    const headers = { "idempotency-key": "contact-create-0123456789abcdef" };
    const body = { fullName: "Once", email: "once@example.com" };
    const first = await v1(key.secret, "POST", "/contacts", body, headers);
    expect(first.statusCode).toBe(201);
    const again = await v1(key.secret, "POST", "/contacts", body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data._id).toBe(first.json().data._id);
    expect((await v1(key.secret, "GET", "/contacts")).json().data).toHaveLength(1);
    // The same key with another body is a mistake the client hears about, not a replay.
    const reused = await v1(key.secret, "POST", "/contacts", { ...body, fullName: "Other" }, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe("CONFLICT");

    const typeHeaders = { "idempotency-key": "type-create-0123456789abcdef" };
    const t1 = await v1(key.secret, "POST", "/event-types", { title: "Once", duration: 30 }, typeHeaders);
    const t2 = await v1(key.secret, "POST", "/event-types", { title: "Once", duration: 30 }, typeHeaders);
    expect(t2.json().data._id).toBe(t1.json().data._id);
    expect((await v1(key.secret, "GET", "/event-types")).json().data).toHaveLength(1);
    // Sent twice at once, one create runs: the other waits its turn (409) or replays it.
    const raceHeaders = { "idempotency-key": "contact-race-0123456789abcdef" };
    const raceBody = { fullName: "Race", email: "race@example.com" };
    const both = await Promise.all([
      v1(key.secret, "POST", "/contacts", raceBody, raceHeaders),
      v1(key.secret, "POST", "/contacts", raceBody, raceHeaders),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([201]));
    for (const r of both) expect([201, 409]).toContain(r.statusCode);
    const races = (await v1(key.secret, "GET", "/contacts?search=race")).json().data;
    expect(races).toHaveLength(1);
    // A create that failed lets its key go: the retry runs.
    const failHeaders = { "idempotency-key": "contact-fails-0123456789abcdef" };
    const failed = await v1(key.secret, "POST", "/contacts", raceBody, failHeaders);
    expect(failed.statusCode).toBe(409);
    await v1(key.secret, "DELETE", `/contacts/${races[0]._id}`);
    expect((await v1(key.secret, "POST", "/contacts", raceBody, failHeaders)).statusCode).toBe(201);
    // Without the key a second create is a second contact (a duplicate email is refused as in the app).
    expect((await v1(key.secret, "POST", "/event-types", { title: "Once", duration: 30 })).statusCode).toBe(
      201,
    );
  });

  it("answers bad input as problem details with field errors, and changes nothing", async () => {
    const host = await hostIn(t.app, "UTC");
    const key = await keyFor(host);
    const res = await v1(key.secret, "POST", "/contacts", { fullName: "", email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json();
    expect(problem).toMatchObject({
      type: expect.any(String),
      title: "Bad Request",
      status: 400,
      code: "VALIDATION_ERROR",
    });
    expect(Object.keys(problem.errors)).toContain("email");
    expect((await v1(key.secret, "GET", "/contacts")).json().data).toEqual([]);
    const missing = await v1(key.secret, "GET", "/nothing-here");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("lists an event type's bookable slots for a range of dates in a zone", async () => {
    const host = await hostIn(t.app, "UTC");
    const key = await keyFor(host, ["availability:read"]);
    const et = await eventType(t.app, host);
    await book(t.app, et._id, at(9));
    const res = await v1(
      key.secret,
      "GET",
      `/event-types/${et._id}/slots?from=2026-10-29&to=2026-10-31&timezone=UTC`,
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.timezone).toBe("UTC");
    expect(data.days.map((d: { date: string }) => d.date)).toEqual([
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
    ]);
    const thursday = data.days[0].slots.map((s: { start: string }) => new Date(s.start).toISOString());
    expect(thursday).toContain(at(10));
    expect(thursday).not.toContain(at(9));
    const tooLong = await v1(key.secret, "GET", `/event-types/${et._id}/slots?from=2026-10-01&to=2026-12-01`);
    expect(tooLong.statusCode).toBe(400);
  });

  it("serves its own OpenAPI document and a self-hosted reference page to anyone", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    const paths = Object.keys(json.paths);
    expect(paths).toContain("/api/v1/bookings");
    expect(paths).toContain("/api/v1/contacts/{id}");
    expect(paths.every((p) => p.startsWith("/api/v1/"))).toBe(true);
    expect(paths).not.toContain("/api/v1/docs");
    expect(json.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    // Every operation declares its answer (`data`) and its failures (problem details with `code`).
    for (const [path, ops] of Object.entries(
      json.paths as Record<string, Record<string, OpenApiOperation>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method} ${path}`;
        const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"));
        expect(success, name).toBeDefined();
        const [status, answer] = success as [string, OpenApiAnswer];
        if (status !== "204")
          expect(answer.content["application/json"].schema.properties, name).toHaveProperty("data");
        const failure = op.responses["4XX"] ?? op.responses["4xx"];
        expect(failure.content["application/json"].schema.properties, name).toHaveProperty("code");
      }
    }
    const page = await t.app.inject({ method: "GET", url: "/api/v1/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const file of ["swagger-ui.css", "swagger-ui-bundle.js", "init.js"]) {
      const asset = await t.app.inject({ method: "GET", url: `/api/v1/docs/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/v1/docs/package.json" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/docs/..%2Fpackage.json" })).statusCode).toBe(
      404,
    );
  });
});
