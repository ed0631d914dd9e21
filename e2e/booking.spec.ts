import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { bookAsInvitee, expectScheduled, fillDetails, pickTime } from "./booking.page";
import { bookableTime, label12h, shoot, uniqueEmail } from "./support";

const HOST_ZONE = "Asia/Kolkata";
const INVITEE_ZONE = "America/Los_Angeles";

/** A desktop browser of an invitee in INVITEE_ZONE, apart from the host's. */
const inviteeContext = (browser: Browser) =>
  browser.newContext({ timezoneId: INVITEE_ZONE, viewport: { width: 1280, height: 800 } });

/** One host for the whole file: sign-ups are rate limited per client (5 a minute) across all specs. */
let hostToken: string | undefined;

async function signUpHostWithEventType(request: APIRequestContext) {
  if (!hostToken) {
    const register = await request.post("/api/auth/register", {
      data: { name: "Priya Raman", email: uniqueEmail("host"), password: "calendar-42", timezone: HOST_ZONE },
    });
    expect(register.ok()).toBeTruthy();
    hostToken = (await register.json()).token as string;
  }
  const headers = { Authorization: `Bearer ${hostToken}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: `Intro Call ${Date.now()}`,
      type: "one-on-one",
      duration: 30,
      description: "A short first conversation.",
      // A Meet link the host pasted: no Google account is connected here, so none could be made.
      locations: [{ type: "google_meet", value: "https://meet.google.com/abc-defg-hij" }],
      questions: [{ question: "Company", type: "text", required: true }],
    },
  });
  expect(created.status()).toBe(201);
  const { data: eventType } = await created.json();
  return { headers, slug: eventType.slug as string, eventTypeId: eventType._id as string };
}

test("an invitee in another zone books a host's event type and sees the right local time", async ({
  browser,
  request,
}) => {
  const host = await signUpHostWithEventType(request);

  const invitee = await inviteeContext(browser);
  const page = await invitee.newPage();
  // Figure for the "slots within 500 ms of navigation" target: logged, not asserted.
  await page.addInitScript(() => {
    const w = window as unknown as { __slotsVisibleAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('[aria-label="Available times"] button')) {
        w.__slotsVisibleAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });

  await page.goto(`/book/${host.slug}`);
  await expect(page.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
  await expect(times.first()).toBeVisible();
  const slotsAt = await page.evaluate(
    () => (window as unknown as { __slotsVisibleAt?: number }).__slotsVisibleAt,
  );
  console.log(`booking page: slots visible ${Math.round(slotsAt ?? Number.NaN)} ms after navigation start`);

  // The invitee's zone is detected, not assumed.
  await expect(page.getByRole("button", { name: /Time zone/ })).toContainText("Los Angeles");

  // Pick the first open day and a time.
  const picked = await pickTime(page);
  expect(picked).toMatch(/^\d{1,2}:\d{2}(am|pm)$/);
  await expect(page.getByRole("heading", { name: "Enter Details" })).toBeVisible();
  await expect(page.getByTestId("chosen-time")).toContainText(picked);
  // The chosen day and time are in the address.
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await expect(page).toHaveURL(/[?&]time=/);
  // A reload keeps the details step and its time; Back steps back to the times, Forward returns.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Details" })).toBeVisible();
  await expect(page.getByTestId("chosen-time")).toContainText(picked);
  await shoot(page, "booking-details-after-reload");
  await page.getByRole("button", { name: "Back" }).first().click();
  await expect(page.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]time=/);
  await expect(page.getByRole("button", { name: /, times available$/ }).first()).toBeVisible();
  await (await bookableTime(page)).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Enter Details" })).toBeVisible();
  await expect(page.getByTestId("chosen-time")).toContainText(picked);
  const email = uniqueEmail("invitee");
  // Issue 14 item 8: letters are stripped as they are typed; the number is stored as E.164.
  await fillDetails(page, {
    name: "Jordan Lee",
    email,
    phone: "+1 (415) 555-0134 ext",
    answers: { Company: "Acme" },
  });
  await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue("+1 (415) 555-0134 ");
  await page.getByRole("button", { name: "Schedule Event" }).click();

  await expectScheduled(page);
  await expect(page.getByTestId("confirmed-time")).toHaveText(new RegExp(`^${picked} - `));
  await expect(page).toHaveURL(/\/booking-confirmed\?uid=[^&]+&token=/);

  // The uid and token in the URL keep the confirmation alive across a reload.
  await page.reload();
  await expectScheduled(page);
  await expect(page.getByTestId("confirmed-time")).toHaveText(new RegExp(`^${picked} - `));
  await expect(page.getByText("Jordan Lee")).toBeVisible();
  await invitee.close();

  // The host sees the booking, at the instant the invitee saw as `picked` in their own zone.
  const list = await request.get("/api/bookings", { headers: host.headers });
  expect(list.ok()).toBeTruthy();
  const { data: bookings } = await list.json();
  const booking = bookings.find((b: { attendee: { email: string } }) => b.attendee.email === email);
  expect(booking).toBeTruthy();
  expect(booking.status).toBe("confirmed");
  expect(booking.attendee.timezone).toBe(INVITEE_ZONE);
  expect(label12h(booking.startTime, INVITEE_ZONE)).toBe(picked);
  expect(booking.answers).toEqual([{ question: "Company", answer: "Acme" }]);
  expect(booking.attendee.phone).toBe("+14155550134");
});

test("an invitee moving their booking sees its own time and the neighbours its buffers close", async ({
  browser,
  request,
}) => {
  const host = await signUpHostWithEventType(request);
  // Buffers belong to the event type.
  const url = `/api/event-types/${host.eventTypeId}`;
  const { data: et } = await (await request.get(url, { headers: host.headers })).json();
  const buffers = await request.put(url, {
    headers: host.headers,
    data: { bookingSettings: { ...et.bookingSettings, bufferBefore: 30, bufferAfter: 30 } },
  });
  expect(buffers.ok()).toBeTruthy();

  // A time in the middle of a day three days out, booked through the API.
  const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: HOST_ZONE });
  let open: { iso: string }[] = [];
  for (let d = 0; open.length < 7 && d < 7; d++) {
    const date = new Date(Date.parse(`${day}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(
      `/api/bookings/availability/${host.slug}?date=${date}&timezone=${HOST_ZONE}`,
    );
    open = (await res.json()).data;
  }
  const target = open[4].iso;
  const created = await request.post("/api/bookings", {
    data: {
      eventTypeId: host.eventTypeId,
      startTime: target,
      attendee: {
        name: "Sam Ortiz",
        email: uniqueEmail("mover"),
        phone: "+14155550134",
        timezone: INVITEE_ZONE,
      },
      answers: [{ question: "Company", answer: "Acme" }],
    },
  });
  expect(created.status()).toBe(201);
  const { uid, manageToken } = (await created.json()).data;
  const at = (ms: number) => label12h(new Date(Date.parse(target) + ms).toISOString(), INVITEE_ZONE);
  const neighbours = [at(-30 * 60_000), at(0), at(30 * 60_000)];

  const invitee = await inviteeContext(browser);
  const page = await invitee.newPage();
  const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
  const openDay = async (url: string) => {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
    const date = new Date(target).toLocaleDateString("en-CA", { timeZone: INVITEE_ZONE });
    const dayButton = page.locator(`[data-date="${date}"]`);
    if (!(await dayButton.isVisible())) await page.getByRole("button", { name: "Next month" }).click();
    await dayButton.click();
    await expect(times.first()).toBeVisible();
    return (await times.allTextContents()).map((t) => t.trim());
  };

  // The plain booking page hides the booked time and both buffered neighbours.
  const plain = await openDay(`/book/${host.slug}`);
  for (const label of neighbours) expect(plain).not.toContain(label);

  // The reschedule link offers them all, so the invitee can move by half an hour.
  const moving = await openDay(`/book/${host.slug}?reschedule=${uid}&token=${manageToken}`);
  expect(moving).toContain(`${neighbours[1]}Current`);
  for (const label of [neighbours[0], neighbours[2]]) expect(moving).toContain(label);
  await expect(page.getByTestId("rescheduling-from")).toContainText(neighbours[1]);
  await times.filter({ hasText: new RegExp(`^${neighbours[2]}$`) }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Reschedule Event" }).click();
  await expectScheduled(page);
  await expect(page.getByTestId("confirmed-time")).toHaveText(new RegExp(`^${neighbours[2]} - `));
  await invitee.close();

  const moved = await request.get(`/api/bookings/public/${uid}?token=${manageToken}`);
  expect((await moved.json()).data.startTime).toBe(new Date(Date.parse(target) + 30 * 60_000).toISOString());
});

test("a booking whose answer is lost is retried and still shows its manage links", async ({
  browser,
  request,
}) => {
  const host = await signUpHostWithEventType(request);
  const invitee = await inviteeContext(browser);
  const page = await invitee.newPage();
  // The first POST reaches the server and books; its answer never reaches the page.
  const keys: string[] = [];
  await page.route("**/api/bookings", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length === 1) {
      const landed = await route.fetch();
      expect(landed.status()).toBe(201);
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  await page.goto(`/book/${host.slug}`);
  await bookAsInvitee(page, {
    name: "Ada Byron",
    email: uniqueEmail("lost"),
    answers: { Company: "Analytical" },
  });

  await expectScheduled(page);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(keys[1]).toBe(keys[0]);
  // The retry's 200 carried the token: the manage links work.
  await expect(page).toHaveURL(/\/booking-confirmed\?uid=[^&]+&token=[A-Za-z0-9_-]{43}/);
  await expect(page.getByRole("link", { name: "Reschedule" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
  await page.reload();
  await expectScheduled(page);
  await expect(page.getByText("Ada Byron")).toBeVisible();
  await invitee.close();
});
