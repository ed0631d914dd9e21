import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail as message } from "./layout.js";

// The mails about a host's own account: reset links, email changes, password changes, deletion.

export function passwordResetMail(to: string, name: string, link: string): NewOutboxMessage {
  return message(to, "Reset your Kairos password", [
    { text: `Hi ${name}, someone (hopefully you) asked to reset the password of your Kairos account.` },
    { gap: true },
    { link: "Choose a new password", href: link },
    { gap: true },
    { text: "The link works once, within one hour. Resetting signs you out everywhere." },
    { text: "If you did not ask for this, ignore this mail: your password stays as it is." },
  ]);
}

export function passwordChangedMail(to: string, name: string, how: "changed" | "reset"): NewOutboxMessage {
  return message(to, "Your Kairos password was changed", [
    {
      text:
        how === "reset"
          ? `Hi ${name}, the password of your Kairos account was reset and every session was signed out.`
          : `Hi ${name}, the password of your Kairos account was changed and your other sessions were signed out.`,
    },
    { gap: true },
    { text: "If this was not you, reset your password from the login page at once." },
  ]);
}

export function confirmEmailMail(to: string, name: string, link: string): NewOutboxMessage {
  return message(to, "Confirm your new email address", [
    { text: `Hi ${name}, confirm that Kairos should use this address for your account.` },
    { gap: true },
    { link: "Confirm this email address", href: link },
    { gap: true },
    { text: "The link works once, within 24 hours. Until then your account keeps its current address." },
  ]);
}

export function emailChangeNoticeMail(to: string, name: string, newEmail: string): NewOutboxMessage {
  return message(to, "Your Kairos email address is being changed", [
    { text: `Hi ${name}, a change of your Kairos account's email address to ${newEmail} was requested.` },
    { text: "It takes effect when the link sent to that address is opened." },
    { gap: true },
    { text: "If this was not you, change your password now: the request came from a signed-in session." },
  ]);
}

export function accountDeletedMail(to: string, name: string, cancelled: number): NewOutboxMessage {
  return message(to, "Your Kairos account was deleted", [
    { text: `Hi ${name}, your Kairos account and all of its data have been deleted.` },
    {
      text:
        cancelled === 0
          ? "You had no upcoming meetings."
          : `${cancelled} upcoming meeting${cancelled === 1 ? " was" : "s were"} cancelled and the invitees were told.`,
    },
  ]);
}
