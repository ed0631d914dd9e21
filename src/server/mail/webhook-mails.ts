import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail, type Line } from "./layout.js";
import { mailWords } from "./words.js";

/**
 * A webhook subscription was switched off after deliveries kept failing: the host is told which URL,
 * why, and where to switch it on again once the receiver works; in the host's app language (issue 27).
 */
export function webhookDisabledMail(
  to: string,
  o: {
    hostName: string;
    url: string;
    failures: number;
    lastError: string;
    publicUrl: string;
    language?: string | null;
  },
): NewOutboxMessage {
  const { t, locale } = mailWords(o.language);
  const lines: Line[] = [
    { text: t("webhook.disabled.intro", { name: o.hostName, url: o.url, failures: o.failures }) },
    { label: t("webhook.disabled.lastError"), value: o.lastError },
    { text: t("webhook.disabled.what") },
    { gap: true },
    { link: t("webhook.disabled.link"), href: `${o.publicUrl}/settings#webhooks` },
  ];
  return composeMail(to, t("webhook.disabled.subject"), lines, locale);
}
