import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { bookAsInvitee } from "./booking.page";
import { axeOn, nextWeekday, shoot, uniqueEmail } from "./support";

const ZONE = "Asia/Kolkata";

// Several browsers and sign-ins per test, on a shared machine.
test.setTimeout(180_000);

async function register(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.split(" ")[0].toLowerCase());
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: "together-42", timezone: ZONE },
  });
  expect(res.ok()).toBeTruthy();
  return { email, token: (await res.json()).token as string, name };
}

/** A browser signed in with a token (the app keeps it in localStorage). */
async function signedIn(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  return context.newPage();
}

async function bookFirstTime(
  browser: Browser,
  slug: string,
  who: string,
): Promise<{ host: string; time: string }> {
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/book/${slug}`);
  await expect(page.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  const time = await bookAsInvitee(page, { name: who });
  await expect(page.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  const host = ((await page.getByTestId("booking-host").textContent()) ?? "")
    .replace(/^\s*with\s+/, "")
    .trim();
  await context.close();
  return { host, time };
}

test("a team owner invites a member who accepts, makes a round-robin type, and two invitees get two hosts", async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const owner = await register(request, "Olivia Owner");
  const member = await register(request, "Mateo Member");

  // The owner creates a team and invites the member by e-mail.
  const ownerPage = await signedIn(browser, owner.token);
  await ownerPage.goto("/teams");
  await expect(ownerPage.getByText("No teams yet")).toBeVisible();
  await ownerPage.getByLabel("Team name *").fill(`Crew ${tag}`);
  // The logo is uploaded as an image (a 1x1 PNG), not only linked.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  await ownerPage
    .getByLabel("Logo image file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(ownerPage.getByText("Uploaded image")).toBeVisible();
  await ownerPage.getByRole("button", { name: "Create team" }).click();
  await expect(ownerPage.getByRole("heading", { name: `Crew ${tag}` })).toBeVisible();
  await expect(ownerPage.locator('img[src^="data:image/png;base64,"]').first()).toBeVisible();
  // The toast sits clear of the header's buttons (bottom of the screen), not over them.
  const toast = ownerPage.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())?.y ?? 0).toBeGreaterThan(400);
  // A bad address is refused beside its field, before any call.
  await ownerPage.getByLabel("Email", { exact: true }).fill("not-an-address");
  await ownerPage.getByRole("button", { name: "Send invitation" }).click();
  await expect(ownerPage.locator("#invite-email-error")).toHaveText("Enter a valid email address");
  await expect(ownerPage.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await ownerPage.getByLabel("Email", { exact: true }).fill(member.email);
  await ownerPage.getByRole("button", { name: "Send invitation" }).click();
  const link = ((await ownerPage.getByTestId("invite-link").textContent()) ?? "").trim();
  expect(link).toMatch(/\/team-invite\/[A-Za-z0-9_-]+$/);

  // The member opens the link signed out, signs in, and accepts.
  const memberContext = await browser.newContext({ timezoneId: ZONE });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(new URL(link).pathname);
  await expect(memberPage.getByRole("heading", { name: `Join Crew ${tag}` })).toBeVisible();
  await memberPage.getByRole("link", { name: "Sign in to accept" }).click();
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password").fill("together-42");
  await memberPage.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(memberPage.getByRole("heading", { name: `Join Crew ${tag}` })).toBeVisible();
  await memberPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(memberPage).toHaveURL(/\/teams$/);
  await expect(memberPage.getByRole("list", { name: "Members" })).toContainText("Olivia Owner");
  await memberContext.close();

  // The owner creates a round-robin event type and picks both members as hosts.
  await ownerPage.goto("/event-types");
  await ownerPage.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Create" }).click();
  await ownerPage
    .getByRole("dialog", { name: "Create" })
    .getByRole("button", { name: /Round robin/ })
    .click();
  const create = ownerPage.getByRole("dialog", { name: "New Round Robin event type" });
  await create.getByPlaceholder("Enter event title (optional)").fill(`Team intro ${tag}`);
  await create.getByRole("button", { name: "Create", exact: true }).click();
  await expect(create).toBeHidden();
  await ownerPage.getByRole("button", { name: `Actions for Team intro ${tag}` }).click();
  await ownerPage.getByRole("menuitem", { name: "Edit" }).click();
  const edit = ownerPage.getByRole("dialog", { name: "Edit Event Type" });
  const members = edit.getByRole("list", { name: "Team members" });
  await members.getByRole("checkbox", { name: /Olivia Owner/ }).check();
  await members.getByRole("checkbox", { name: /Mateo Member/ }).check();
  // One save keeps the hosts with everything else.
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(ownerPage.getByText(`"Team intro ${tag}" saved`)).toBeVisible();
  await expect(edit).toBeHidden();
  const card = ownerPage
    .getByRole("list", { name: "Event types" })
    .getByRole("listitem")
    .filter({ hasText: `Team intro ${tag}` });
  await expect(card).toContainText("Mateo Member");
  const slug = (await ownerPage.evaluate(async (title) => {
    const res = await fetch("/api/event-types", {
      headers: { Authorization: `Bearer ${localStorage.getItem("auth_token")}` },
    });
    const list = (await res.json()).data as { title: string; slug: string }[];
    return list.find((e) => e.title === title)?.slug;
  }, `Team intro ${tag}`)) as string;

  // Two invitees in two browsers book the same first time: two different hosts take them.
  const first = await bookFirstTime(browser, slug, "Ada Invitee");
  const second = await bookFirstTime(browser, slug, "Ben Invitee");
  expect(second.time).toBe(first.time);
  expect([first.host, second.host].sort()).toEqual(["Mateo Member", "Olivia Owner"]);
  await ownerPage.context().close();
});

test("a host runs a meeting poll with three voters and books the favourite time", async ({
  browser,
  request,
}) => {
  const host = await register(request, "Pia Poller");
  const headers = { Authorization: `Bearer ${host.token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: { type: "poll", title: "Roadmap review" },
  });
  expect(created.status()).toBe(201);
  const poll = (await created.json()).data as { _id: string; slug: string };

  // The host proposes three of their free slots, picked in the edit drawer.
  const hostPage = await signedIn(browser, host.token);
  await hostPage.goto("/event-types");
  await hostPage.getByRole("button", { name: "Actions for Roadmap review" }).click();
  await hostPage.getByRole("menuitem", { name: "Edit" }).click();
  const edit = hostPage.getByRole("dialog", { name: "Edit Event Type" });
  // The next weekday, which has free slots.
  await edit.getByLabel("Day", { exact: true }).fill(nextWeekday(ZONE));
  const free = edit.getByRole("group", { name: "Free slots" }).getByRole("button");
  await expect(free.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) await free.nth(i).click();
  await expect(edit.getByText("3 of 40 selected")).toBeVisible();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(hostPage.getByText('"Roadmap review" saved')).toBeVisible();
  await expect(edit).toBeHidden();

  // Three participants vote; the second time suits everyone.
  const answers = [
    ["Yes", "Yes", "No"],
    ["No", "Yes", "If need be"],
    ["If need be", "If need be", "Yes"],
  ];
  for (const [k, who] of ["Vera", "Walt", "Xena"].entries()) {
    const context = await browser.newContext({ timezoneId: ZONE });
    const page = await context.newPage();
    await page.goto(`/poll/${poll.slug}`);
    await expect(page.getByRole("heading", { name: "Roadmap review" })).toBeVisible();
    await page.getByLabel("Your name *").fill(who);
    await page.getByLabel("Email *").fill(uniqueEmail(who.toLowerCase()));
    const rows = page.getByRole("group", { name: /^Your answer for/ });
    if (k === 0) {
      // The poll speaks like the booking page: a zone picker with human names, the app's time style,
      // the host's 12h/24h until the participant switches.
      await expect(page.getByRole("button", { name: /Time zone/ })).toContainText("India");
      await expect(rows.first()).toHaveAccessibleName(/, \d{1,2}:\d{2}(am|pm)$/);
      await page.getByRole("button", { name: "24h" }).click();
      await expect(rows.first()).toHaveAccessibleName(/, \d{2}:\d{2}$/);
      await page.getByRole("button", { name: /Time zone/ }).click();
      await page.getByRole("combobox", { name: "Search time zones" }).fill("Tokyo");
      await page.getByRole("listbox", { name: "Time zones" }).getByRole("option").first().click();
      await expect(page.getByRole("button", { name: /Time zone/ })).toContainText("Tokyo");
      await shoot(page, "poll-page", true);
      const axe = await axeOn(page).analyze();
      expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);
    }
    for (let i = 0; i < 3; i++) await rows.nth(i).getByText(answers[k][i], { exact: true }).click();
    await page.getByRole("button", { name: "Submit votes" }).click();
    await expect(page.getByText("Keep this private link to change your votes later")).toBeVisible();
    await context.close();
  }

  await hostPage.goto(`/polls/${poll._id}`);
  const grid = hostPage.getByRole("table");
  await expect(grid.getByRole("columnheader", { name: "Xena" })).toBeVisible();
  const rows = grid.getByRole("row");
  await expect(rows.nth(2)).toContainText("2 / 1");
  await rows
    .nth(2)
    .getByRole("button", { name: /^Book / })
    .click();
  await hostPage.getByRole("button", { name: "Book meeting" }).click();
  await expect(hostPage.getByText("Meeting booked")).toBeVisible();
  await expect(hostPage.getByText("Booked", { exact: true })).toBeVisible();

  const list = await request.get("/api/bookings", { headers });
  const [booking] = (await list.json()).data as { attendee: { name: string }; guests: string[] }[];
  expect(booking.guests).toHaveLength(2);
  await hostPage.context().close();
});
