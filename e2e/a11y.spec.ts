import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/**
 * Every screen, host and public, at desktop and phone size, through axe-core: no critical and no serious
 * violation. A new screen is one line in SCREENS: where it lives, whether it needs the signed-in host, and
 * (optionally) what to click to reach it and what shows it is ready.
 */

interface World {
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

interface Screen {
  name: string;
  path: (w: World) => string;
  /** Seen as the signed-in host (token in localStorage before the first script runs). */
  host?: boolean;
  /** Clicks that open the state to check (a drawer, a dialog, a second step). */
  open?: (page: Page, w: World) => Promise<void>;
  /** What shows the screen has its data; defaults to the first heading. */
  ready?: (page: Page) => ReturnType<Page["locator"]>;
}

const firstDayWithTimes = async (page: Page) => {
  await page
    .getByRole("button", { name: /, times available$/ })
    .first()
    .click();
  await expect(page.getByRole("list", { name: "Available times" }).getByRole("button").first()).toBeVisible();
};

export const SCREENS: Screen[] = [
  { name: "landing", path: () => "/" },
  { name: "login", path: () => "/login" },
  { name: "signup", path: () => "/signup" },
  { name: "sign-in callback, error", path: () => "/auth/sbu/callback" },
  { name: "privacy policy", path: () => "/privacy-policy" },
  { name: "terms", path: () => "/terms-and-conditions" },
  {
    name: "about, help and status",
    path: () => "/about",
    ready: (page) => page.getByText("All systems operational"),
  },
  { name: "public profile", path: (w) => `/user/${w.userId}` },
  {
    name: "public profile by username",
    path: (w) => `/${w.username}`,
    ready: (page) => page.getByRole("link", { name: /Portfolio Review/ }),
  },
  { name: "booking page by username", path: (w) => `/${w.username}/${w.slug}`, open: firstDayWithTimes },
  { name: "forgot password", path: () => "/forgot-password" },
  { name: "reset password", path: () => "/reset-password?token=not-a-real-token-0123456789" },
  { name: "confirm email, bad link", path: () => "/confirm-email?token=not-a-real-token-0123456789" },
  {
    name: "settings",
    path: () => "/settings",
    host: true,
    ready: (page) => page.getByRole("list", { name: "Sessions" }),
  },
  {
    name: "settings, delete account dialog",
    path: () => "/settings",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Delete account" }).click();
    },
    ready: (page) => page.getByRole("alertdialog"),
  },
  { name: "booking page", path: (w) => `/book/${w.slug}`, open: firstDayWithTimes },
  {
    name: "booking details step",
    path: (w) => `/book/${w.slug}`,
    open: async (page) => {
      await firstDayWithTimes(page);
      await page.getByRole("list", { name: "Available times" }).getByRole("button").first().click();
      await page.getByRole("button", { name: "Next", exact: true }).click();
    },
    ready: (page) => page.getByRole("button", { name: "Schedule Event" }),
  },
  { name: "booking page, unknown type", path: () => "/book/no-such-type-here" },
  {
    name: "booking confirmed",
    path: (w) => `/booking-confirmed?uid=${w.uid}&token=${w.manageToken}`,
    ready: (page) => page.getByRole("heading", { name: "You're scheduled!" }),
  },
  {
    name: "cancel booking (invitee)",
    path: (w) => `/booking-confirmed?uid=${w.uid}&token=${w.manageToken}&action=cancel`,
    ready: (page) => page.getByRole("dialog"),
  },
  { name: "team invitation, unknown", path: () => "/team-invite/not-a-real-invitation-token" },
  { name: "team page, unknown", path: () => "/team/no-such-team-here" },
  { name: "meeting poll, unknown", path: () => "/poll/no-such-poll-here" },
  {
    name: "teams",
    path: () => "/teams",
    host: true,
    ready: (page) => page.getByRole("button", { name: "Create team" }),
  },
  { name: "dashboard", path: () => "/dashboard", host: true },
  { name: "event types", path: () => "/event-types", host: true },
  {
    name: "new event type drawer",
    path: () => "/event-types",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Create Event Type" }).first().click();
      await page
        .getByRole("dialog", { name: "Create" })
        .getByRole("button", { name: /One-on-one/ })
        .click();
    },
    ready: (page) => page.getByRole("dialog"),
  },
  {
    name: "edit event type drawer",
    path: () => "/event-types",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Actions for Portfolio Review" }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
    },
    ready: (page) => page.getByRole("dialog"),
  },
  {
    name: "meetings",
    path: () => "/meetings",
    host: true,
    ready: (page) => page.getByRole("article").first(),
  },
  { name: "meetings, past", path: () => "/meetings?tab=past", host: true },
  {
    name: "availability",
    path: () => "/availability",
    host: true,
    ready: (page) => page.getByRole("tabpanel"),
  },
  {
    name: "availability, calendar settings",
    path: () => "/availability",
    host: true,
    open: async (page) => {
      await page.getByRole("tab", { name: /Calendar Settings/i }).click();
    },
    ready: (page) => page.getByRole("tabpanel"),
  },
  {
    name: "availability, holidays",
    path: () => "/availability",
    host: true,
    open: async (page) => {
      await page.getByRole("tab", { name: /Holidays/i }).click();
    },
    ready: (page) => page.getByRole("tabpanel"),
  },
  {
    name: "availability, holidays with India's festivals",
    path: () => "/availability?tab=holidays",
    host: true,
    open: async (page) => {
      await page.getByLabel("Country").selectOption("IN");
    },
    ready: (page) => page.getByRole("switch", { name: "Diwali" }).first(),
  },
  {
    name: "contacts",
    path: () => "/contacts",
    host: true,
    ready: (page) => page.getByRole("link", { name: "Meera Krishnan" }).first(),
  },
  {
    name: "contacts, add contact dialog",
    path: () => "/contacts",
    host: true,
    open: async (page) => {
      await page.getByRole("link", { name: "Meera Krishnan" }).first().waitFor();
      await page.getByRole("button", { name: "Add contact" }).first().click();
    },
    ready: (page) => page.getByRole("dialog", { name: "Add Contact" }),
  },
  {
    name: "contacts, import dialog",
    path: () => "/contacts",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Import" }).click();
    },
    ready: (page) => page.getByRole("dialog", { name: "Import Contacts" }),
  },
  {
    name: "contacts, row menu and schedule meeting",
    path: () => "/contacts",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Actions for Meera Krishnan" }).first().click();
      await page.getByRole("menuitem", { name: "Schedule Meeting" }).click();
    },
    ready: (page) => page.getByRole("link", { name: /Portfolio Review/ }),
  },
  {
    name: "contact page",
    path: () => "/contacts",
    host: true,
    open: async (page) => {
      await page.getByRole("link", { name: "Meera Krishnan" }).first().click();
    },
    ready: (page) => page.getByRole("heading", { name: "Meera Krishnan" }),
  },
  {
    name: "workflows",
    path: () => "/workflows",
    host: true,
    ready: (page) => page.getByTestId("workflow-row"),
  },
  {
    name: "create workflow, templates",
    path: () => "/workflows",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Create Workflow" }).click();
    },
    ready: (page) => page.getByRole("button", { name: /Meeting reminder/ }),
  },
  {
    name: "create workflow, configure",
    path: () => "/workflows",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Create Workflow" }).click();
      await page.getByRole("button", { name: /Webhook notification/ }).click();
    },
    ready: (page) => page.getByRole("dialog", { name: "Configure workflow" }),
  },
  {
    name: "workflow executions",
    path: (w) => `/workflows/${w.workflowId}/executions`,
    host: true,
    ready: (page) => page.getByTestId("execution").first(),
  },
];

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const ZONE = "Asia/Kolkata";
let world: World | undefined;

/** One host with an open-all-day schedule, an event type and one upcoming booking. */
async function makeWorld(request: APIRequestContext): Promise<World> {
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

async function openScreen(
  browser: Browser,
  w: World,
  screen: Screen,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, timezoneId: ZONE });
  if (screen.host) await context.addInitScript((token) => localStorage.setItem("auth_token", token), w.token);
  const page = await context.newPage();
  await page.goto(screen.path(w));
  await screen.open?.(page, w);
  await expect((screen.ready ?? ((p: Page) => p.getByRole("heading").first()))(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Let transitions (drawers, dialogs, toasts) finish: axe reads colours as drawn.
  await page.waitForTimeout(400);
  return { context, page };
}

/** Where a violation is, and for contrast the colours axe measured. */
function describeNode(node: { target: unknown[]; html: string; any: { data?: unknown }[] }) {
  const data = node.any[0]?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : "";
  return `  ${node.target.join(" ")}${colours}\n    ${node.html.slice(0, 160)}`;
}

for (const size of SIZES) {
  for (const screen of SCREENS) {
    test(`a11y: ${screen.name} (${size.name})`, async ({ browser, request }) => {
      world ??= await makeWorld(request);
      const { context, page } = await openScreen(browser, world, screen, size.viewport);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === "critical" || v.impact === "serious")
        .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map(describeNode).join("\n")}`);
      await context.close();
      expect(blocking, blocking.join("\n")).toEqual([]);
    });
  }
}
