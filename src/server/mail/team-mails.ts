import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail } from "./layout.js";

/** The invitation to join a team: a single-use link that expires after `days`. */
export function teamInviteMail(
  to: string,
  invite: { inviterName: string; teamName: string; link: string; days: number },
): NewOutboxMessage {
  const { inviterName, teamName, link, days } = invite;
  return composeMail(to, `${inviterName} invited you to join ${teamName} on Kairos`, [
    { text: `${inviterName} invited you to join ${teamName} on Kairos.` },
    { gap: true },
    { link: "Accept the invitation", href: link },
    { gap: true },
    { text: `The link works once and expires in ${days} days.` },
  ]);
}
