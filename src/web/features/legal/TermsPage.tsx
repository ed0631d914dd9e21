import { LegalLayout, type LegalSection } from "./LegalLayout";

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <p>
        By creating an account or using Kairos, you agree to these Terms and Conditions and to our Privacy
        Policy. If you use Kairos on behalf of an organisation, you confirm that you are authorised to accept
        these terms for it.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          You must provide accurate information when you sign up and keep your sign-in details secure. You are
          responsible for everything that happens under your account.
        </p>
        <p>Tell us promptly if you believe someone has accessed your account without permission.</p>
      </>
    ),
  },
  {
    id: "using-kairos",
    title: "Using the service",
    body: (
      <>
        <p>You may use Kairos to schedule meetings with others. You agree not to:</p>
        <ul>
          <li>use the service for anything unlawful, deceptive or harmful;</li>
          <li>send spam or unsolicited messages through booking pages or workflows;</li>
          <li>interfere with or disrupt the service, or try to access it in unauthorised ways;</li>
          <li>copy, resell or reverse engineer the service except where the law allows it.</li>
        </ul>
      </>
    ),
  },
  {
    id: "bookings",
    title: "Booking pages and invitees",
    body: (
      <p>
        You decide what your booking pages offer and how meetings are run. Kairos is not a party to the
        meetings scheduled through it and is not responsible for their content, attendance or outcome. You are
        responsible for having a lawful basis to contact the invitees who book with you.
      </p>
    ),
  },
  {
    id: "integrations",
    title: "Third-party integrations",
    body: (
      <p>
        Kairos can connect to services such as Google Calendar and video conferencing providers. Your use of
        those services is governed by their own terms, and we are not responsible for their availability or
        behaviour.
      </p>
    ),
  },
  {
    id: "content",
    title: "Your content",
    body: (
      <p>
        You keep ownership of the information you put into Kairos. You grant us the limited rights we need to
        host, process and display it in order to provide the service to you and your invitees.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <p>
        You can stop using Kairos and delete your account at any time. We may suspend or close accounts that
        break these terms or put the service or other users at risk; where reasonable, we will tell you first.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        We work hard to keep Kairos available and accurate, but the service is provided “as is” without
        warranties of any kind, to the extent the law allows.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Kairos is not liable for indirect, incidental or consequential damages,
        or for lost profits, data or goodwill, arising from your use of the service.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as the product evolves. If a change is material, we will notify you before
        it takes effect. Continuing to use Kairos after that means you accept the updated terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these terms? Write to <strong>legal@kairos.app</strong>.
      </p>
    ),
  },
];

/** /terms-and-conditions: static terms with header and footer. */
export function TermsPage() {
  return (
    <LegalLayout
      title="Terms and Conditions"
      updated="January 15, 2024"
      intro={
        <p>
          These terms govern your use of Kairos, the scheduling service that lets you share your availability
          and let others book time with you. Please read them carefully; they are written to be as plain as we
          could make them.
        </p>
      }
      sections={sections}
    />
  );
}
