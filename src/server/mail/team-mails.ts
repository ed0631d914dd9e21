import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail } from "./layout.js";
import { mailWords } from "./words.js";

/**
 * The invitation to join a team: a single-use link that expires after `days`. In the app language of
 * the person invited when the address is already a Kairos account's (issue 27), else English.
 */
export function teamInviteMail(
  to: string,
  invite: { inviterName: string; teamName: string; link: string; days: number; language?: string | null },
): NewOutboxMessage {
  const { inviterName, teamName, link, days } = invite;
  const { t, locale } = mailWords(invite.language);
  const names = { inviter: inviterName, team: teamName };
  return composeMail(
    to,
    t("team.invite.subject", names),
    [
      { text: t("team.invite.intro", names) },
      { gap: true },
      { link: t("team.invite.link"), href: link },
      { gap: true },
      { text: t("team.invite.expires", { count: days }) },
    ],
    locale,
  );
}
