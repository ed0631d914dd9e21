import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail, type Line } from "./layout.js";

/**
 * A webhook subscription was switched off after deliveries kept failing: the host is told which URL,
 * why, and where to switch it on again once the receiver works.
 */
export function webhookDisabledMail(
  to: string,
  o: { hostName: string; url: string; failures: number; lastError: string; publicUrl: string },
): NewOutboxMessage {
  const lines: Line[] = [
    {
      text: `Hi ${o.hostName}, your webhook subscription to ${o.url} was switched off: its last ${o.failures} deliveries failed after every retry.`,
    },
    { label: "Last error", value: o.lastError },
    {
      text: "No events are sent to it until you switch it on again. Check the receiver, then switch the subscription on in Settings; the delivery log shows what it answered, and Resend sends a delivery again.",
    },
    { gap: true },
    { link: "Open webhook settings", href: `${o.publicUrl}/settings#webhooks` },
  ];
  return composeMail(to, "Action needed: your webhook subscription was switched off", lines);
}
