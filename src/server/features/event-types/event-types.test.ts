import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

describe.each(dbKinds)("event types on %s", (kind) => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await signUp(t.app, { name: "Hedy Lamarr" });
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("creates with the kind's defaults and a slug derived from the title", async () => {
    const res = await call("POST", "/api/event-types", host.token, {
      title: "  Intro Call!! (30 min) ",
      type: "group",
    });
    expect(res.statusCode).toBe(201);
    const et = res.json().data;
    expect(et).toMatchObject({
      title: "Intro Call!! (30 min)",
      type: "group",
      duration: 60,
      maxInvitees: 10,
      color: "#3B82F6",
      isActive: true,
      slug: "intro-call-30-min",
      locations: [{ type: "zoom", value: "", displayName: "Zoom" }],
      bookingSettings: { daysAhead: 60, unit: "days", leadHours: 4, noticeUnit: "hours", mode: "rolling" },
      user: { name: "Hedy Lamarr" },
    });
  });

  it("keeps slugs unique per host: another host gets the same slug, the same host -2", async () => {
    const a = await call("POST", "/api/event-types", host.token, { title: "Coffee chat" });
    const b = await call("POST", "/api/event-types", other.token, { title: "Coffee Chat" });
    const c = await call("POST", "/api/event-types", host.token, { title: "coffee-chat" });
    expect([a, b, c].map((r) => r.json().data.slug)).toEqual(["coffee-chat", "coffee-chat", "coffee-chat-2"]);
  });

  it("names an untitled event 'New Event Type' and lets the host edit the slug", async () => {
    const created = (await call("POST", "/api/event-types", host.token, {})).json().data;
    expect(created.title).toBe("New Event Type");
    const renamed = await call("PUT", `/api/event-types/${created._id}`, host.token, { slug: "my-link" });
    expect(renamed.json().data.slug).toBe("my-link");
    const taken = await call("PUT", `/api/event-types/${created._id}`, host.token, { slug: "coffee-chat" });
    expect(taken.statusCode).toBe(409);
    const bad = await call("PUT", `/api/event-types/${created._id}`, host.token, { slug: "Not a slug!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug).toBeDefined();
  });

  it("validates duration, title, colour, locations and booking windows without changing anything", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Validate me" })).json().data;
    const cases: [object, string][] = [
      [{ duration: 4 }, "duration"],
      [{ duration: 481 }, "duration"],
      [{ title: "   " }, "title"],
      [{ color: "blue" }, "color"],
      [{ locations: [{ type: "carrier_pigeon" }] }, "locations.0.type"],
      [
        { bookingSettings: { mode: "within", withinStart: "2026-05-10", withinEnd: "2026-05-01" } },
        "bookingSettings.withinEnd",
      ],
      [{ availabilityScheduleId: "00000000-0000-4000-8000-000000000000" }, "availabilityScheduleId"],
    ];
    for (const [payload, field] of cases) {
      const res = await call("PUT", `/api/event-types/${et._id}`, host.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(res.json())).toBeDefined();
    }
    const after = (await call("GET", `/api/event-types/${et._id}`, host.token)).json().data;
    expect(after).toMatchObject({ title: "Validate me", duration: 30, color: "#3B82F6" });

    // Sentences, not the validator's wording ("Too big: expected string to have <=120 characters").
    const long = await call("PUT", `/api/event-types/${et._id}`, host.token, { title: "x".repeat(121) });
    expect(long.json().errors.title).toBe("Use at most 120 characters");
    const pigeon = await call("PUT", `/api/event-types/${et._id}`, host.token, {
      locations: [{ type: "carrier_pigeon" }],
    });
    expect(pigeon.json().errors["locations.0.type"]).toBe("Choose one of the options");
  });

  it("keeps a list of locations in order; repeats only places with different values; links are links", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Many places" })).json().data;
    const list = [
      { type: "phone", value: "+1 555 123 4567" },
      { type: "zoom", value: "https://zoom.us/j/1234567890" },
      { type: "in_person", value: "Studio 4" },
      { type: "in_person", value: "Annex, 2nd floor" },
      { type: "ask_invitee" },
    ];
    const saved = await call("PUT", `/api/event-types/${et._id}`, host.token, { locations: list });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().data.locations.map((l: { type: string; value: string }) => [l.type, l.value]),
    ).toEqual(list.map((l) => [l.type, l.value ?? ""]));

    const refused: [object[], string, string][] = [
      [[{ type: "zoom" }, { type: "zoom" }], "locations.1.type", "Zoom is already in the list"],
      [
        [
          { type: "in_person", value: "Studio 4" },
          { type: "in_person", value: "studio 4 " },
        ],
        "locations.1.value",
        "This address is already in the list",
      ],
      [
        [{ type: "microsoft_teams", value: "teams meeting" }],
        "locations.0.value",
        "Paste the full Microsoft Teams link, starting with https://",
      ],
      [Array.from({ length: 11 }, (_, i) => ({ type: "custom", value: `Place ${i}` })), "locations", ""],
    ];
    for (const [locations, field, message] of refused) {
      const res = await call("PUT", `/api/event-types/${et._id}`, host.token, { locations });
      expect(res.statusCode, JSON.stringify(locations)).toBe(400);
      if (message) expect(res.json().errors[field], res.body).toBe(message);
      else expect(res.json().errors[field], res.body).toBeDefined();
    }
    const after = (await call("GET", `/api/event-types/${et._id}`, host.token)).json().data;
    expect(after.locations).toHaveLength(5);
  });

  it("updates every editable field", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Full edit" })).json().data;
    const res = await call("PUT", `/api/event-types/${et._id}`, host.token, {
      title: "Design review",
      duration: 45,
      description: "Bring screenshots",
      color: "#10B981",
      isActive: false,
      locations: [{ type: "in_person", value: "Studio 4" }],
      questions: [{ question: "What should we cover?", type: "textarea", required: true }],
      bookingSettings: {
        daysAhead: 10,
        unit: "weekdays",
        leadHours: 30,
        noticeUnit: "minutes",
        mode: "rolling",
      },
      maxInvitees: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: "Design review",
      duration: 45,
      isActive: false,
      locations: [{ type: "in_person", value: "Studio 4", displayName: "In-person meeting" }],
      questions: [
        { question: "What should we cover?", type: "textarea", required: true, id: expect.any(String) },
      ],
      bookingSettings: { daysAhead: 10, unit: "weekdays" },
      slug: "full-edit",
    });
  });

  it("shows only active event types publicly", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Public thing" })).json().data;
    const pub = await call("GET", `/api/event-types/${et.slug}/public`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({ title: "Public thing", user: { name: "Hedy Lamarr" } });
    expect(pub.json().data.user.email).toBeUndefined();

    await call("PUT", `/api/event-types/${et._id}`, host.token, { isActive: false });
    expect((await call("GET", `/api/event-types/${et.slug}/public`)).statusCode).toBe(404);
    expect((await call("GET", "/api/event-types/no-such-slug/public")).json().message).toBe(
      "Event type not found",
    );

    const profile = (await call("GET", `/api/users/${host.userId}/public`)).json().data;
    const slugs = profile.eventTypes.map((e: { slug: string }) => e.slug);
    expect(slugs).toContain("coffee-chat");
    expect(slugs).not.toContain(et.slug);
  });

  it("keeps each host's event types private", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Mine only" })).json().data;
    for (const [method, payload] of [["GET"], ["PUT", { title: "Hijacked" }], ["DELETE"]] as const) {
      const res = await call(method, `/api/event-types/${et._id}`, other.token, payload);
      expect(res.statusCode, method).toBe(404);
    }
    const list = (await call("GET", "/api/event-types", other.token)).json().data;
    expect(list.map((e: { _id: string }) => e._id)).not.toContain(et._id);
    expect((await call("GET", "/api/event-types")).statusCode).toBe(401);
    const still = (await call("GET", `/api/event-types/${et._id}`, host.token)).json().data;
    expect(still.title).toBe("Mine only");
  });

  it("deletes", async () => {
    const et = (await call("POST", "/api/event-types", host.token, { title: "Short lived" })).json().data;
    expect((await call("DELETE", `/api/event-types/${et._id}`, host.token)).statusCode).toBe(200);
    expect((await call("GET", `/api/event-types/${et._id}`, host.token)).statusCode).toBe(404);
  });
});
