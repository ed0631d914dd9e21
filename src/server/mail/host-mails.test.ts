import { describe, expect, it } from "vitest";
import { accountDeletedMail, passwordResetMail } from "./account-mails.js";
import { calendarRefusedMail } from "./calendar-mails.js";
import { reminderMails } from "./reminder-mails.js";
import { teamInviteMail } from "./team-mails.js";
import { webhookDisabledMail } from "./webhook-mails.js";
import { workflowMail, workflowTestMail } from "./workflow-mails.js";

// Issue 27: the mails a host gets about their own account and tools speak the host's app language;
// without one they keep the spec's English word for word.
describe("the host's own mails", () => {
  it("speak the host's app language, with the page's lang", () => {
    const reset = passwordResetMail("ada@example.com", "Ada", "https://k.test/reset", "de");
    expect(reset.subject).toBe("Kairos-Passwort zurücksetzen");
    expect(reset.text).toContain("Hallo Ada, jemand (hoffentlich Sie)");
    expect(reset.text).toContain("Neues Passwort wählen: https://k.test/reset");
    expect(reset.html).toContain('<html lang="de">');

    const gone = accountDeletedMail("ada@example.com", "Ada", 3, "fr");
    expect(gone.text).toContain("3 réunions à venir ont été annulées");

    const invite = teamInviteMail("bo@example.com", {
      inviterName: "Ada",
      teamName: "Crew",
      link: "https://k.test/t",
      days: 7,
      language: "ja",
    });
    expect(invite.subject).toBe("Ada さんから Kairos の Crew への招待が届きました");
    expect(invite.text).toContain("7 日後に期限切れになります");

    const off = webhookDisabledMail("ada@example.com", {
      hostName: "Ada",
      url: "https://hooks.test/x",
      failures: 15,
      lastError: "HTTP 500",
      publicUrl: "https://k.test",
      language: "es",
    });
    expect(off.subject).toBe("Acción necesaria: se ha desactivado tu suscripción de webhook");
    expect(off.text).toContain("Último error: HTTP 500");

    const refused = calendarRefusedMail("ada@example.com", {
      hostName: "Ada",
      eventTitle: "Intro",
      problem: "the connection to your Google Calendar a@g.test has expired or was revoked.",
      code: "GOOGLE_TOKEN_EXPIRED",
      email: "a@g.test",
      publicUrl: "https://k.test",
      language: "de",
    });
    expect(refused.text).toContain(
      "Hallo Ada, ein Eingeladener wollte gerade Intro buchen und konnte es nicht: Die Verbindung zu Ihrem Google Kalender a@g.test ist abgelaufen oder wurde widerrufen.",
    );

    const test = workflowTestMail(workflowMail("ada@example.com", "Hello", "Body"), "it");
    expect(test.subject).toBe("[Prova] Hello");
  });

  it("keep the spec's English without a language", () => {
    const reset = passwordResetMail("ada@example.com", "Ada", "https://k.test/reset", null);
    expect(reset.subject).toBe("Reset your Kairos password");
    expect(reset.text).toContain(
      "Hi Ada, someone (hopefully you) asked to reset the password of your Kairos account.",
    );
    expect(accountDeletedMail("a@x.test", "Ada", 0).text).toContain("You had no upcoming meetings.");
    expect(accountDeletedMail("a@x.test", "Ada", 1).text).toContain(
      "1 upcoming meeting was cancelled and the invitees were told.",
    );
    expect(
      teamInviteMail("b@x.test", { inviterName: "Ada", teamName: "Crew", link: "https://k.test/t", days: 7 })
        .text,
    ).toContain("The link works once and expires in 7 days.");
    const refused = calendarRefusedMail("a@x.test", {
      hostName: "Ada",
      eventTitle: "Intro",
      problem: "Google would not create the Meet link in a@g.test.",
      publicUrl: "https://k.test",
    });
    expect(refused.subject).toBe("Action needed: reconnect your Google Calendar");
    expect(refused.text).toContain(
      "Hi Ada, an invitee just tried to book Intro and could not: Google would not create the Meet link in a@g.test.",
    );
    expect(workflowTestMail(workflowMail("a@x.test", "Hello", "Body")).subject).toBe("[Test] Hello");
  });

  it("a reminder goes to the invitee in theirs and to the host in the host's", () => {
    const [invitee, host] = reminderMails({
      title: "Beratung",
      start: new Date("2026-11-03T09:00:00Z"),
      end: new Date("2026-11-03T09:30:00Z"),
      location: null,
      attendee: { name: "Ines", email: "ines@x.test", timezone: "Europe/Paris", language: "fr" },
      host: { name: "Hanna", email: "hanna@x.test", timezone: "Europe/Berlin", language: "de" },
      links: null,
      publicUrl: "https://k.test",
    });
    expect(invitee.subject).toMatch(/^Rappel/);
    expect(host.subject).toBe(
      "Erinnerung: Beratung mit Ines (ines@x.test) am Dienstag, 3. November 2026 um 10:00",
    );
    expect(host.text).toContain("Termine: https://k.test/meetings");
  });
});
