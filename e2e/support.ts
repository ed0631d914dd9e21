/** Helpers the e2e specs share (not a spec: Playwright only runs *.spec.ts). */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** An address no other run has used; `who` makes failures easier to read. */
export const uniqueEmail = (who = "user") =>
  `e2e-${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** '9:00am' for an instant in a zone, the way the app labels times. */
export function label12h(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")}${get("dayPeriod").toLowerCase()}`;
}

/**
 * The next weekday (Monday to Friday) after today, as a date of `zone`. The weekday is read in that
 * zone too: the runner's own zone (TZ=Asia/Kathmandu in CI) can already be a day ahead of it.
 */
export function nextWeekday(zone: string): string {
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short" });
  for (let i = 1; ; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    if (weekday.format(d) !== "Sat" && weekday.format(d) !== "Sun")
      return d.toLocaleDateString("en-CA", { timeZone: zone });
  }
}

/**
 * The newest mail to `to` whose subject is `subject`, as the e2e server's real SMTP server received
 * it (scripts/e2e-mail-server.ts writes them to E2E_MAIL_DIR). Waits for it to arrive.
 */
export async function waitForMail(
  to: string,
  subject: string | RegExp,
  timeoutMs = 15_000,
): Promise<{ to: string[]; subject: string; text: string }> {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      const matches = typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject);
      if (mail.to.includes(to) && matches) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
}

/**
 * The time a spec books on a booking page: the shown day's second time when it has one. The earliest time
 * of all sits on the edge of the minimum notice, which can pass while the spec fills the form; the booking
 * is then rightly refused as no longer available (CI failed so once).
 */
export async function bookableTime(page: Pick<Page, "getByRole">): Promise<Locator> {
  const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
  await expect(times.first()).toBeVisible();
  return (await times.count()) >= 2 ? times.nth(1) : times.first();
}

/** A screenshot for a person to look at, only when asked for (E2E_SHOTS_DIR): CI writes none. */
export async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * Waits until every finite animation and transition on the page has ended (a drawer sliding in, a dialog
 * fading, a toast): axe reads colours as drawn, and a half-faded text fails contrast. Endless ones
 * (spinners, skeleton pulses) never end, so they are not waited for. Replaces a fixed sleep, which was
 * both too long on an idle machine and too short on a loaded one.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === "running" && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
    // An ending animation can start the next (a toast after a dialog): look again until none runs.
    for (let round = 0; round < 20 && running().length > 0; round++) {
      await Promise.allSettled(running().map((a) => a.finished));
    }
    // One frame more so the last styles are painted before anyone reads them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * axe-core for a page as it stands; the caller narrows it (include, disableRules) and analyzes. Two
 * settings make it several times faster with the same violations (compared on pages with planted ones):
 * only violations keep all their nodes (the specs read nothing else), and without frames axe runs in
 * the page itself (legacy mode) instead of its default of a second run in a new blank page fed every
 * node of the first. A page with a frame, possibly of another origin (embeds), keeps the default,
 * which checks inside frames of any origin.
 */
export function axeOn(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  return page.frames().length > 1 ? builder : builder.setLegacyMode();
}
