import { Link } from "react-router";
import { LegalLayout, type LegalSection } from "./LegalLayout";
import { ServerStatus } from "./ServerStatus";

/**
 * What the footer's Product, Company and Support links open (/about#<section>): short, true answers
 * about this product and this server, instead of links that go nowhere.
 */
const sections: LegalSection[] = [
  {
    id: "about",
    title: "About Kairos",
    body: (
      <>
        <p>
          Kairos is open-source scheduling. Hosts share one link; invitees anywhere in the world pick a time
          on their own clock and book, and both get the invite. Every time is worked out in the host's time
          zone, exact across daylight-saving changes, and the database itself rules out double bookings.
        </p>
        <p>
          It is built by a small team and runs on your own server with two commands, on an embedded database
          or on PostgreSQL.
        </p>
      </>
    ),
  },
  {
    id: "integrations",
    title: "Integrations",
    body: (
      <ul>
        <li>
          <strong>Google Calendar</strong>: busy times keep your booking page honest, booked meetings are
          written to your calendar, and Google Meet links are made for you.
        </li>
        <li>
          <strong>CalDAV calendars</strong> such as iCloud, Fastmail or Nextcloud: busy times and booked
          meetings.
        </li>
        <li>
          <strong>Video links</strong> for Zoom, Microsoft Teams, Webex and GoTo Meeting, plus phone,
          in-person and custom locations.
        </li>
        <li>
          <strong>Workflows</strong>: e-mails, SMS through any Twilio-compatible gateway, signed webhooks (the
          Standard Webhooks format) and contacts, before or after each meeting.
        </li>
        <li>
          <strong>Sign-in</strong> with Google or your organisation's OpenID Connect provider.
        </li>
        <li>
          <strong>Calendar invites</strong> (.ics) with every confirmation, so any calendar app takes the
          meeting.
        </li>
      </ul>
    ),
  },
  {
    id: "pricing",
    title: "Pricing",
    body: (
      <p>
        Kairos is free and open source: every feature, for every host, with no per-seat price. Running it
        yourself costs only the server it runs on.
      </p>
    ),
  },
  {
    id: "enterprise",
    title: "Enterprise",
    body: (
      <ul>
        <li>Teams with round-robin and collective event types, one-off links and meeting polls.</li>
        <li>Single sign-on through any OpenID Connect provider, next to passwords.</li>
        <li>
          Several instances on one PostgreSQL database, with rate limits and background jobs shared between
          them.
        </li>
        <li>Each host can download all of their data as one file, or close their account.</li>
      </ul>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <ul>
        <li>
          Passwords are stored only as Argon2 hashes. Settings lists every signed-in device and signs them
          out.
        </li>
        <li>
          Calendar tokens, CalDAV passwords and webhook signing secrets are encrypted at rest (AES-256-GCM).
        </li>
        <li>
          Sign-up, sign-in and booking are rate limited, pages carry a strict content security policy, and
          webhooks refuse private network addresses.
        </li>
        <li>Invitees manage their booking through private links; hosts only ever see their own data.</li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>Kairos keeps two small things in your browser, and nothing for advertising or tracking:</p>
        <ul>
          <li>
            <strong>kairos_tz</strong>, a cookie with your time zone, so a booking page shows its first times
            on your clock. It lasts a year.
          </li>
          <li>
            <strong>Your sign-in</strong>, kept in the browser's local storage while you are signed in.
            Signing out removes it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "help",
    title: "Help center",
    body: (
      <>
        <p>Four steps to your first booking:</p>
        <ul>
          <li>
            <Link to="/signup">Create your account</Link>, then turn on a sample event type or create your
            own.
          </li>
          <li>Set your weekly hours, days off and holidays under Availability.</li>
          <li>Connect your calendar so busy times are never offered.</li>
          <li>Share your link: it is on every event type card and in Settings, under Public link.</li>
        </ul>
        <p>
          Invitees can reschedule or cancel from the links in their confirmation e-mail. Forgot your password?{" "}
          <Link to="/forgot-password">Reset it here</Link>.
        </p>
      </>
    ),
  },
  {
    id: "status",
    title: "Status",
    body: <ServerStatus />,
  },
  {
    id: "community",
    title: "Community",
    body: (
      <p>
        Kairos is developed in the open. Bug reports, ideas and changes are welcome in the project's
        repository, where its README explains how to run it and its tests.
      </p>
    ),
  },
  {
    id: "careers",
    title: "Careers",
    body: <p>We are not hiring right now. The best way to work with us is to contribute to the project.</p>,
  },
  {
    id: "press",
    title: "Press",
    body: (
      <p>
        You may use the name Kairos and screenshots of the product when writing about it. Please say that it
        is open source.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about a booking go to its host: their name and e-mail are in your confirmation. Questions
        about this server go to the people who run it. For your own data, see the{" "}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    ),
  },
];

export function AboutPage() {
  return (
    <LegalLayout
      eyebrow="Kairos"
      title="About, help and status"
      updated="November 23, 2026"
      intro={<p>What Kairos is, what it connects to, what it costs, and how to get help.</p>}
      sections={sections}
    />
  );
}
