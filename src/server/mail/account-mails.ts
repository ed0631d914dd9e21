import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail } from "./layout.js";
import { mailWords } from "./words.js";

// The mails about a host's own account: reset links, email changes, password changes, deletion. Each
// speaks the host's app language (issue 27; `language` null: English, the spec's words).

export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  language?: string | null,
): NewOutboxMessage {
  const { t, locale } = mailWords(language);
  return composeMail(
    to,
    t("account.reset.subject"),
    [
      { text: t("account.reset.intro", { name }) },
      { gap: true },
      { link: t("account.reset.link"), href: link },
      { gap: true },
      { text: t("account.reset.once") },
      { text: t("account.reset.ignore") },
    ],
    locale,
  );
}

export function passwordChangedMail(
  to: string,
  name: string,
  how: "changed" | "reset",
  language?: string | null,
): NewOutboxMessage {
  const { t, locale } = mailWords(language);
  return composeMail(
    to,
    t("account.changed.subject"),
    [
      { text: t(how === "reset" ? "account.changed.introReset" : "account.changed.intro", { name }) },
      { gap: true },
      { text: t("account.changed.notYou") },
    ],
    locale,
  );
}

export function confirmEmailMail(
  to: string,
  name: string,
  link: string,
  language?: string | null,
): NewOutboxMessage {
  const { t, locale } = mailWords(language);
  return composeMail(
    to,
    t("account.confirm.subject"),
    [
      { text: t("account.confirm.intro", { name }) },
      { gap: true },
      { link: t("account.confirm.link"), href: link },
      { gap: true },
      { text: t("account.confirm.once") },
    ],
    locale,
  );
}

export function emailChangeNoticeMail(
  to: string,
  name: string,
  newEmail: string,
  language?: string | null,
): NewOutboxMessage {
  const { t, locale } = mailWords(language);
  return composeMail(
    to,
    t("account.notice.subject"),
    [
      { text: t("account.notice.intro", { name, email: newEmail }) },
      { text: t("account.notice.when") },
      { gap: true },
      { text: t("account.notice.notYou") },
    ],
    locale,
  );
}

export function accountDeletedMail(
  to: string,
  name: string,
  cancelled: number,
  language?: string | null,
): NewOutboxMessage {
  const { t, locale } = mailWords(language);
  return composeMail(
    to,
    t("account.deleted.subject"),
    [
      { text: t("account.deleted.intro", { name }) },
      { text: t("account.deleted.meetings", { count: cancelled }) },
    ],
    locale,
  );
}
