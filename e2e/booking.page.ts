import { expect, type FrameLocator, type Page } from "@playwright/test";
import { bookableTime, uniqueEmail } from "./support";

/** A booking page: a tab of its own, or the frame of an embed (e2e/embeds.spec.ts). */
type BookingScope = Page | FrameLocator;

/** What an invitee types on the details step; email defaults to a fresh address. */
export interface InviteeDetails {
  name: string;
  email?: string;
  /** Defaults to a US number; null leaves the field alone (a hidden or optional phone, or one a spec types itself). */
  phone?: string | null;
  /** Answers to the event type's questions, by the question's label. */
  answers?: Record<string, string>;
}

/**
 * The invitee's path on a booking page already open: the shown month's first day with times, a time
 * that stays bookable (support.ts bookableTime), Next. Returns the time's label ('10:30am').
 */
export async function pickTime(page: BookingScope): Promise<string> {
  await page
    .getByRole("button", { name: /, times available$/ })
    .first()
    .click();
  const slot = await bookableTime(page);
  const time = ((await slot.textContent()) ?? "").trim();
  await slot.click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  return time;
}

/** Fills the details step's name, email, phone and answers. */
export async function fillDetails(page: BookingScope, who: InviteeDetails): Promise<void> {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(who.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(who.email ?? uniqueEmail("invitee"));
  if (who.phone !== null)
    await page.getByRole("textbox", { name: /^Phone/ }).fill(who.phone ?? "+14155550134");
  for (const [question, answer] of Object.entries(who.answers ?? {})) {
    await page.getByRole("textbox", { name: question, exact: true }).fill(answer);
  }
}

/** The confirmation the booking ends on. */
export async function expectScheduled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
}

/**
 * The whole booking: a time, the details, Schedule Event ("Request booking" for a type that needs the
 * host's approval). Returns the time's label.
 */
export async function bookAsInvitee(
  page: BookingScope,
  who: InviteeDetails,
  submit: "Schedule Event" | "Request booking" = "Schedule Event",
): Promise<string> {
  const time = await pickTime(page);
  await fillDetails(page, who);
  await page.getByRole("button", { name: submit, exact: true }).click();
  return time;
}
