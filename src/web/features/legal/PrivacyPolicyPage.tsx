import { LegalLayout, type LegalSection } from "./LegalLayout";

const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only what we need to run the scheduling service:</p>
        <ul>
          <li>
            <strong>Account information</strong> such as your name, e-mail address, profile picture and
            password (stored only as a salted hash).
          </li>
          <li>
            <strong>Scheduling information</strong> such as your event types, availability, holidays,
            bookings, workflows and contacts.
          </li>
          <li>
            <strong>Invitee information</strong> that people enter when they book with you, such as their
            name, e-mail address, timezone and any answers or notes they provide.
          </li>
          <li>
            <strong>Usage information</strong> such as log data, device and browser type, and the pages you
            visit, used to keep the service secure and reliable.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "calendar-data",
    title: "Connected calendars",
    body: (
      <>
        <p>
          When you connect a Google calendar, Kairos reads the busy times on the calendars you select so it
          never offers a slot you are not free for, and it writes the events that people book with you. We do
          not read the content of unrelated events beyond what is needed to determine availability.
        </p>
        <p>
          You can disconnect a calendar at any time; we then stop accessing it and delete the stored tokens.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use information",
    body: (
      <ul>
        <li>To provide the service: show your booking pages, create meetings and send confirmations.</li>
        <li>To run the workflows you configure, such as reminders and follow-up e-mails.</li>
        <li>To keep your contact list and dashboard statistics up to date.</li>
        <li>To secure the service, prevent abuse and troubleshoot problems.</li>
        <li>To communicate with you about your account and important changes.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: (
      <>
        <p>
          We do not sell your personal information. We share it only with service providers that help us
          operate Kairos (for example hosting, e-mail delivery and video conferencing integrations you
          enable), under contracts that require them to protect it, or when the law requires us to.
        </p>
        <p>
          When someone books with you, the details of that booking are shared between you and your invitee, as
          you would expect.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data retention",
    body: (
      <p>
        We keep your information for as long as your account is active. When you delete your account we delete
        or anonymise your personal information within 30 days, except where we must keep it longer to meet
        legal obligations or resolve disputes.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with encryption in transit, hashed passwords, access controls and regular
        reviews of our systems. No service can guarantee perfect security, so we also encourage you to use a
        strong, unique password and to keep your sign-in methods secure.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights and choices",
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access, correct or delete the personal information we hold about you;</li>
          <li>object to or restrict certain processing;</li>
          <li>receive a copy of your information in a portable format;</li>
          <li>withdraw consent where processing is based on consent.</li>
        </ul>
        <p>You can exercise most of these rights directly in your account, or by contacting us.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use a small number of essential cookies and similar storage to keep you signed in and to remember
        your preferences. We do not use third-party advertising cookies.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy from time to time. If the changes are significant, we will let you know by
        e-mail or in the product before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about this policy or your information? Write to our privacy team at{" "}
        <strong>privacy@kairos.app</strong>.
      </p>
    ),
  },
];

/** /privacy-policy: static privacy policy with header and footer. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="January 15, 2024"
      intro={
        <p>
          Your privacy matters to us. This policy explains what information Kairos collects when you use our
          scheduling service, how we use it, and the choices you have. It applies to hosts who have an account
          and to invitees who book time with them.
        </p>
      }
      sections={sections}
    />
  );
}
