/** The a11y spec's world: one host with what every screen it checks needs to show, made through the API. */
import { type APIRequestContext, expect } from "@playwright/test";
import { uniqueEmail } from "./support";

/** The zone the a11y host and its invitee live in, and the browser's. */
export const ZONE = "Asia/Kolkata";

export interface World {
  /** Bearer token of the host every host screen is seen as. */
  token: string;
  userId: string;
  /** The host's username: public pages at /{username} and /{username}/{slug}. */
  username: string;
  slug: string;
  eventTypeId: string;
  /** A confirmed booking's uid and manage token (for /booking-confirmed). */
  uid: string;
  manageToken: string;
  /** A workflow that has run once for the booking (its executions screen has a row). */
  workflowId: string;
}

/** One host with an open-all-day schedule, an event type and one upcoming booking. */
export async function makeWorld(request: APIRequestContext): Promise<World> {
  const register = await request.post("/api/auth/register", {
    data: { name: "Ananya Iyer", email: uniqueEmail("a11y"), password: "calendar-42", timezone: ZONE },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const { token, data } = await register.json();
  const user = data.user as { _id: string; username: string };
  const headers = { Authorization: `Bearer ${token}` };

  const [schedule] = (await (await request.get("/api/availability", { headers })).json()).data;
  const days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  const put = await request.put(`/api/availability/${schedule._id}`, {
    headers,
    data: {
      schedule: days.map((day) => ({
        day,
        isAvailable: true,
        timeSlots: [{ startTime: "9:00am", endTime: "5:00pm" }],
      })),
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();

  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Portfolio Review",
      type: "one-on-one",
      duration: 30,
      description: "Thirty minutes on your work.",
      locations: [{ type: "zoom", value: "https://zoom.us/j/5551234567" }],
      questions: [{ question: "Company", type: "text", required: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventType = (await created.json()).data as { _id: string; slug: string };

  const workflow = await request.post("/api/workflows", {
    headers,
    data: {
      name: "Welcome email",
      description: "Thank the invitee as soon as they book",
      trigger: { type: "event_scheduled" },
      actions: [
        { type: "send_email", config: { to: "attendee", subject: "Welcome", body: "Hi {{attendee_name}}" } },
      ],
    },
  });
  expect(workflow.status(), await workflow.text()).toBe(201);

  let slot: string | undefined;
  for (const date of [0, 1, 2, 3, 4].map((d) =>
    new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10),
  )) {
    const res = await request.get(
      `/api/bookings/availability/${eventType._id}?date=${date}&timezone=${ZONE}`,
    );
    slot = ((await res.json()).data as { iso: string }[])[0]?.iso;
    if (slot) break;
  }
  expect(slot, "no slot in the next five days").toBeTruthy();
  const booked = await request.post("/api/bookings", {
    headers: { "Idempotency-Key": `a11y-${Date.now()}-${"x".repeat(24)}` },
    data: {
      eventTypeId: eventType._id,
      attendee: { name: "Meera Krishnan", email: "meera@example.com", phone: "919876543210", timezone: ZONE },
      startTime: slot,
      answers: [{ question: "Company", answer: "Acme" }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()).data as { uid: string; manageToken: string };
  return {
    token,
    userId: user._id,
    username: user.username,
    slug: eventType.slug,
    eventTypeId: eventType._id,
    uid: booking.uid,
    manageToken: booking.manageToken,
    workflowId: (await workflow.json()).data._id,
  };
}
