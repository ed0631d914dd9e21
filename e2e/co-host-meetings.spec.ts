import { type APIRequestContext, expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

const ZONE = "Asia/Kolkata";

async function register(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.split(" ")[0].toLowerCase());
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: "together-42", timezone: ZONE },
  });
  expect(res.ok()).toBeTruthy();
  const token = (await res.json()).token as string;
  return { email, name, headers: { Authorization: `Bearer ${token}` }, token };
}

test("a co-host sees the collective meeting in Meetings, marked, without the main host's actions", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await register(request, "Olga Owner");
  const member = await register(request, "Milo Member");

  // A team of two, and a collective event type both host.
  const team = (
    await (await request.post("/api/teams", { headers: owner.headers, data: { name: "Duo" } })).json()
  ).data;
  const invite = await request.post(`/api/teams/${team._id}/invites`, {
    headers: owner.headers,
    data: { email: member.email },
  });
  const inviteToken = /team-invite\/([^/]+)$/.exec((await invite.json()).data.link)?.[1];
  expect(
    (await request.post(`/api/team-invites/${inviteToken}/accept`, { headers: member.headers })).ok(),
  ).toBe(true);
  const created = await request.post("/api/event-types", {
    headers: owner.headers,
    data: { title: "Joint review", duration: 30, type: "collective" },
  });
  expect(created.status()).toBe(201);
  const et = (await created.json()).data;
  const me = async (h: Record<string, string>) =>
    (await (await request.get("/api/users/profile", { headers: h })).json()).data.user._id as string;
  const hosts = await request.put(`/api/event-types/${et._id}/hosts`, {
    headers: owner.headers,
    data: {
      teamId: team._id,
      hosts: [{ userId: await me(owner.headers) }, { userId: await me(member.headers) }],
    },
  });
  expect(hosts.ok(), await hosts.text()).toBeTruthy();

  // An invitee books the first time both are free.
  const month = await request.get(
    `/api/bookings/availability/${et._id}?month=${monthOf(new Date())}&timezone=${ZONE}`,
  );
  let days = (await month.json()).data.days as string[];
  if (days.length === 0) {
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    days = (
      await (
        await request.get(`/api/bookings/availability/${et._id}?month=${monthOf(next)}&timezone=${ZONE}`)
      ).json()
    ).data.days;
  }
  const slots = (
    await (await request.get(`/api/bookings/availability/${et._id}?date=${days[0]}&timezone=${ZONE}`)).json()
  ).data as { iso: string }[];
  const booked = await request.post("/api/bookings", {
    data: {
      eventTypeId: et._id,
      startTime: slots[0].iso,
      attendee: { name: "Ivy Invitee", email: uniqueEmail("ivy"), phone: "9876543210", timezone: ZONE },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // The member's Meetings list shows it, says who hosts it, and offers no Cancel or Reschedule.
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), member.token);
  const page = await context.newPage();
  await page.goto("/meetings");
  const item = page.getByRole("article", { name: "Joint review with Ivy Invitee" });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText("Co-host · hosted by Olga Owner");
  const menu = item.getByRole("button", { name: /^Actions for/ });
  if ((await menu.count()) > 0) {
    await menu.click();
    await expect(page.getByRole("menuitem", { name: "Cancel" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Reschedule" })).toHaveCount(0);
  }
  await context.close();
});

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
