import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// Issue 27: a host may write an event type's title and description in other languages; the invitee's
// page, booking and mails read the one of their language.
describe.each(dbKinds)("event type translations on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let other: Host;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  const call = (method: "GET" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { now: () => NOW, config: { smtpUrl: smtp.url } });
    host = await hostIn(t.app, "Europe/Berlin", "Hanna Host");
    other = await hostIn(t.app, "Europe/Berlin", "Otto Other");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("keeps the translations written, drops blank ones, and shows them on the public event type", async () => {
    const type = await eventType(t.app, host, {
      title: "Consultation",
      description: "We talk it through.",
      translations: {
        de: { title: "Beratung", description: "Wir sprechen es durch." },
        ja: { title: "  ", description: "" },
      },
    });
    const saved = await call("GET", `/api/event-types/${type._id}`, host.token);
    expect(saved.json().data.translations).toEqual({
      de: { title: "Beratung", description: "Wir sprechen es durch." },
    });

    const res = await call("PUT", `/api/event-types/${type._id}`, host.token, {
      translations: {
        de: { title: "Beratung", description: "" },
        fr: { title: "Consultation FR", description: "" },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().data.translations).sort()).toEqual(["de", "fr"]);

    const publicType = await call(
      "GET",
      `/api/event-types/${type.slug}/public?user=${res.json().data.user.username}`,
    );
    expect(publicType.statusCode, publicType.body).toBe(200);
    expect(publicType.json().data.translations.fr.title).toBe("Consultation FR");
  });

  it("refuses an unknown language or an overlong title with a clear error, changing nothing", async () => {
    const type = await eventType(t.app, host, { translations: { de: { title: "Alt", description: "" } } });
    const unknown = await call("PUT", `/api/event-types/${type._id}`, host.token, {
      translations: { xx: { title: "?", description: "" } },
    });
    expect(unknown.statusCode).toBe(400);
    const long = await call("PUT", `/api/event-types/${type._id}`, host.token, {
      translations: { de: { title: "x".repeat(121), description: "" } },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/120 characters/);
    const after = await call("GET", `/api/event-types/${type._id}`, host.token);
    expect(after.json().data.translations).toEqual({ de: { title: "Alt", description: "" } });
  });

  it("lets no other host change them", async () => {
    const type = await eventType(t.app, host, { translations: { de: { title: "Alt", description: "" } } });
    const res = await call("PUT", `/api/event-types/${type._id}`, other.token, {
      translations: { de: { title: "Gekapert", description: "" } },
    });
    expect(res.statusCode).toBe(404);
    const after = await call("GET", `/api/event-types/${type._id}`, host.token);
    expect(after.json().data.translations.de.title).toBe("Alt");
  });

  it("gives the invitee's booking, mails and invite their language's title; the host's copy keeps the original", async () => {
    const type = await eventType(t.app, host, {
      title: "Consultation",
      translations: { de: { title: "Beratung", description: "" } },
    });
    const res = await book(t.app, type._id, "2026-11-03T10:00:00+01:00", { language: "de" });
    expect(res.statusCode, res.body).toBe(201);
    const { uid, manageToken } = res.json().data;
    const view = await call("GET", `/api/bookings/public/${uid}?token=${manageToken}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.eventType).toMatchObject({
      title: "Consultation",
      translations: { de: { title: "Beratung" } },
    });

    await t.app.jobs.flush();
    const invitee = res.json().data.attendee.email as string;
    const mine = smtp.mails.find((m) => m.to.includes(invitee));
    expect(mine?.parsed.subject).toMatch(/^Bestätigt: Beratung mit Hanna Host/);
    expect(String(mine?.parsed.attachments?.[0]?.content ?? "")).toContain("SUMMARY:Beratung");
    const hosts = smtp.mails.find((m) => m.to.includes(host.email));
    expect(hosts?.parsed.subject).toMatch(/^New booking: Consultation with/);
    const ics = await call("GET", `/api/bookings/public/${uid}/ics?token=${manageToken}`);
    expect(ics.body).toContain("SUMMARY:Beratung");
  });
});
