import { describe, expect, it } from "vitest";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { passwordResetMail } from "./account-mails.js";
import { composeMail } from "./layout.js";
import { reminderMails } from "./reminder-mails.js";
import { teamInviteMail } from "./team-mails.js";
import { workflowMail, workflowTestMail } from "./workflow-mails.js";

// Pure rendering: every family of mail goes through the one layout, and its text stays word for word.
const EVIL = "<b>Eve</b> & 'co'";
const HEADER = '<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">';
const FOOTER = "</body></html>";

const reminder = reminderMails({
  title: `Demo ${EVIL}`,
  start: new Date("2031-03-04T15:00:00Z"),
  end: new Date("2031-03-04T15:30:00Z"),
  location: { value: "", displayName: "Phone call" },
  attendee: { name: EVIL, email: "eve@example.com", timezone: "Asia/Kathmandu" },
  host: { name: "Grace", email: "grace@example.com", timezone: "America/New_York" },
  links: { reschedule: "https://k.test/r?a=1&b=2", cancel: "https://k.test/c" },
  publicUrl: "https://k.test",
});

const families: Record<string, NewOutboxMessage> = {
  account: passwordResetMail("a@example.com", EVIL, "https://k.test/reset?t=1&x=2"),
  team: teamInviteMail("b@example.com", {
    inviterName: EVIL,
    teamName: "Sales",
    link: "https://k.test/team-invite/abc",
    days: 7,
  }),
  reminderInvitee: reminder[0],
  reminderHost: reminder[1],
  workflow: workflowMail("c@example.com", "Hi {{x}}", `Hello ${EVIL}\r\nSee you\n\nBye`),
};

describe("the mail layout", () => {
  it.each(Object.keys(families))(
    "renders the %s mail in the one layout, every value escaped once",
    (name) => {
      const html = families[name].html ?? "";
      expect(html.startsWith(`${HEADER}\n`)).toBe(true);
      expect(html.endsWith(`\n${FOOTER}`)).toBe(true);
      expect(html).not.toContain("<b>");
      expect(html).toContain("&#60;b&#62;Eve&#60;/b&#62; &#38; &#39;co&#39;");
    },
  );

  it("keeps the team invitation's words as they were", () => {
    const mail = families.team;
    expect(mail.subject).toBe(`${EVIL} invited you to join Sales on Kairos`);
    expect(mail.text).toBe(
      `${EVIL} invited you to join Sales on Kairos.\n\nAccept the invitation: https://k.test/team-invite/abc\n\nThe link works once and expires in 7 days.`,
    );
    expect(mail.html).toContain('<p><a href="https://k.test/team-invite/abc">Accept the invitation</a></p>');
  });

  it("keeps the reminders' words as they were, each on its reader's clock", () => {
    const [invitee, host] = reminder;
    expect(invitee.subject).toBe(`Reminder: Demo ${EVIL} with Grace on Tuesday, March 4, 2031 at 8:45pm`);
    expect(invitee.text).toBe(
      [
        `Reminder: Demo ${EVIL} with Grace is coming up.`,
        "",
        `What: Demo ${EVIL}`,
        "When: Tuesday, March 4, 2031, 8:45pm - 9:15pm (Asia/Kathmandu)",
        "With: Grace",
        "Where: Phone call",
        "Reschedule: https://k.test/r?a=1&b=2",
        "Cancel: https://k.test/c",
      ].join("\n"),
    );
    expect(host.to).toBe("grace@example.com");
    expect(host.text).toContain("When: Tuesday, March 4, 2031, 10:00am - 10:30am (America/New_York)");
    expect(host.text).toContain(`With: ${EVIL} (eve@example.com)`);
    expect(host.text.endsWith("Meetings: https://k.test/meetings")).toBe(true);
  });

  it("sends a host's workflow text as written, its line breaks kept in the HTML", () => {
    const mail = families.workflow;
    expect(mail.text).toBe(`Hello ${EVIL}\r\nSee you\n\nBye`);
    expect(mail.html).toContain(
      "<p>Hello &#60;b&#62;Eve&#60;/b&#62; &#38; &#39;co&#39;<br>See you<br><br>Bye</p>",
    );
    expect(workflowTestMail(mail).subject).toBe("[Test] Hi {{x}}");
  });

  it("keeps control characters out of every subject", () => {
    expect(composeMail("d@example.com", "Hi\r\nBcc: x@example.com", []).subject).toBe(
      "Hi Bcc: x@example.com",
    );
  });
});
