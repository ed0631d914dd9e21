import { test as base, expect, type Page, type Request } from "@playwright/test";
import { makeWorld, type World, ZONE } from "./a11y.page";
import { animationsDone, axeOn } from "./support";

/**
 * Every screen, host and public, at desktop and phone size, through axe-core: no critical and no serious
 * violation. A new screen is one line in SCREENS: where it lives, whether it needs the signed-in host, and
 * (optionally) what to click to reach it and what shows it is ready.
 */

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
    name: "availability, time zone search open",
    path: () => "/availability",
    host: true,
    open: async (page) => {
      await page.getByRole("button", { name: /^Timezone/ }).click();
      await page.getByRole("combobox", { name: "Search time zones" }).fill("Delhi");
    },
    ready: (page) => page.getByRole("option", { name: /Kolkata/ }),
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
] as const;

type Size = (typeof SIZES)[number];

/** A page kept open for one size and sign-in state, and the requests it has not had answers to yet. */
interface Viewer {
  page: Page;
  inFlight: Set<Request>;
}

/**
 * The world is made once per worker, and each size and sign-in state keeps one page that every screen
 * navigates: a fresh context per screen loaded and compiled the whole app again each time (the assets
 * are cached immutably within a context). Every screen is still a full page load of its own.
 */
const test = base.extend<object, { world: World; viewer: (size: Size, host: boolean) => Promise<Viewer> }>({
  world: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await makeWorld(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
  viewer: [
    async ({ browser, world }, use) => {
      const open = new Map<string, Promise<Viewer>>();
      const make = async (size: Size, host: boolean): Promise<Viewer> => {
        const context = await browser.newContext({ viewport: size.viewport, timezoneId: ZONE });
        if (host)
          await context.addInitScript((token) => localStorage.setItem("auth_token", token), world.token);
        const page = await context.newPage();
        const inFlight = new Set<Request>();
        page.on("request", (r) => inFlight.add(r));
        page.on("requestfinished", (r) => inFlight.delete(r));
        page.on("requestfailed", (r) => inFlight.delete(r));
        return { page, inFlight };
      };
      await use((size, host) => {
        const key = `${size.name} ${host}`;
        if (!open.has(key)) open.set(key, make(size, host));
        return open.get(key) as Promise<Viewer>;
      });
      for (const viewer of open.values()) await (await viewer).page.context().close();
    },
    { scope: "worker" },
  ],
});

/** No request of the screen still waiting for its answer: what it shows is what it has loaded. */
async function answered(viewer: Viewer) {
  await expect.poll(() => viewer.inFlight.size, { intervals: [50] }).toBe(0);
}

async function openScreen(viewer: Viewer, w: World, screen: Screen) {
  const { page } = viewer;
  await page.goto(screen.path(w));
  await screen.open?.(page, w);
  await expect((screen.ready ?? ((p: Page) => p.getByRole("heading").first()))(page)).toBeVisible();
  await answered(viewer);
  // Let transitions (drawers, dialogs, toasts) finish: axe reads colours as drawn.
  await animationsDone(page);
  await answered(viewer);
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
    test(`a11y: ${screen.name} (${size.name})`, async ({ world, viewer }) => {
      const seen = await viewer(size, screen.host ?? false);
      await openScreen(seen, world, screen);
      const results = await axeOn(seen.page).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === "critical" || v.impact === "serious")
        .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map(describeNode).join("\n")}`);
      expect(blocking, blocking.join("\n")).toEqual([]);
    });
  }
}
