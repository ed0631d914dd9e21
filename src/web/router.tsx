import { type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { matchUserPath } from "../contract/usernames";
import { HostShell } from "./components/layout/HostShell";
import { PublicOnly, RequireAuth } from "./components/layout/RouteGuards";
import { FullPageSpinner } from "./components/ui";
import { LandingPage } from "./features/landing/LandingPage";
import { lazyPage } from "./lib/app-areas";

// Each screen family is its own chunk: the public booking page never loads the host area.
const LoginPage = lazyPage(["auth"], () => import("./features/auth/LoginPage"));
const SignupPage = lazyPage(["auth"], () => import("./features/auth/SignupPage"));
const OAuthCallbackPage = lazyPage(["auth"], () => import("./features/auth/OAuthCallbackPage"));
const GoogleCalendarCallbackPage = lazyPage(
  ["calendars"],
  () => import("./features/calendars/GoogleCalendarCallbackPage"),
);
const PrivacyPolicyPage = lazyPage([], () =>
  import("./features/legal/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })),
);
const AboutPage = lazyPage([], () =>
  import("./features/legal/AboutPage").then((m) => ({ default: m.AboutPage })),
);
const TermsPage = lazyPage([], () =>
  import("./features/legal/TermsPage").then((m) => ({ default: m.TermsPage })),
);
const DashboardPage = lazyPage(
  ["dashboard", "eventTypes", "availability", "meetings", "embeds", "translations"],
  () => import("./features/dashboard/DashboardPage"),
);
const MeetingsPage = lazyPage(
  ["meetings", "availability", "calendars"],
  () => import("./features/meetings/MeetingsPage"),
);
const BookingRequestPage = lazyPage(["meetings"], () => import("./features/meetings/BookingRequestPage"));
const AvailabilityPage = lazyPage(
  ["availability", "calendars", "eventTypes"],
  () => import("./features/availability/AvailabilityPage"),
);
const EventTypesPage = lazyPage(
  ["eventTypes", "availability", "embeds", "translations"],
  () => import("./features/event-types/EventTypesPage"),
);
const BookingPage = lazyPage([], () => import("./features/bookings/BookingPage"));
const BookingConfirmedPage = lazyPage([], () => import("./features/bookings/BookingConfirmedPage"));
const ContactsPage = lazyPage(["contacts", "eventTypes"], () => import("./features/contacts/ContactsPage"));
const ContactPage = lazyPage(["contacts", "eventTypes"], () => import("./features/contacts/ContactPage"));
const TeamsPage = lazyPage(["teams", "embeds"], () => import("./features/teams/TeamsPage"));
const TeamInvitePage = lazyPage(["teams"], () => import("./features/teams/TeamInvitePage"));
const PublicTeamPage = lazyPage(["teams"], () => import("./features/teams/PublicTeamPage"));
const PollPage = lazyPage(["polls"], () => import("./features/polls/PollPage"));
const PollResultsPage = lazyPage(["polls"], () => import("./features/polls/PollResultsPage"));
const WorkflowsPage = lazyPage(
  ["workflows", "eventTypes"],
  () => import("./features/workflows/WorkflowsPage"),
);
const ExecutionsPage = lazyPage(["workflows"], () => import("./features/workflows/ExecutionsPage"));
const PublicProfilePage = lazyPage([], () => import("./features/users/PublicProfilePage"));
const SettingsPage = lazyPage(
  ["settings", "auth", "availability", "blocklist", "developers", "embeds", "eventTypes", "webhooks"],
  () => import("./features/users/SettingsPage"),
);
const ForgotPasswordPage = lazyPage(["auth"], () => import("./features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazyPage(["auth"], () => import("./features/auth/ResetPasswordPage"));
const ConfirmEmailPage = lazyPage(["auth"], () => import("./features/auth/ConfirmEmailPage"));

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Renders a /{username} page only for a name that can be a username. */
function UserPath({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return matchUserPath(pathname) ? children : <Navigate to="/" replace />;
}

export const router = createBrowserRouter([
  { path: "/", element: <LandingPage /> },
  { path: "/login", element: <PublicOnly>{page(<LoginPage />)}</PublicOnly> },
  { path: "/signup", element: <PublicOnly>{page(<SignupPage />)}</PublicOnly> },
  { path: "/forgot-password", element: page(<ForgotPasswordPage />) },
  { path: "/reset-password", element: page(<ResetPasswordPage />) },
  { path: "/confirm-email", element: page(<ConfirmEmailPage />) },
  { path: "/privacy-policy", element: page(<PrivacyPolicyPage />) },
  { path: "/terms-and-conditions", element: page(<TermsPage />) },
  { path: "/about", element: page(<AboutPage />) },
  { path: "/privacy", element: <Navigate to="/privacy-policy" replace /> },
  { path: "/terms", element: <Navigate to="/terms-and-conditions" replace /> },
  { path: "/book/:slug", element: page(<BookingPage />) },
  { path: "/booking-confirmed", element: page(<BookingConfirmedPage />) },
  // A new-request mail's confirm and decline links (issue 28): their token is the credential.
  { path: "/meetings/request", element: page(<BookingRequestPage />) },
  { path: "/user/:userId", element: page(<PublicProfilePage />) },
  { path: "/team/:slug", element: page(<PublicTeamPage />) },
  { path: "/team-invite/:token", element: page(<TeamInvitePage />) },
  { path: "/poll/:slug", element: page(<PollPage />) },
  // /auth/google/callback, /auth/sbu/callback, /auth/gameforce/callback and any other configured provider's.
  { path: "/auth/:provider/callback", element: page(<OAuthCallbackPage />) },
  // Google's calendar consent returns here (register this redirect URI next to /auth/google/callback).
  { path: "/calendar/google/callback", element: page(<GoogleCalendarCallbackPage />) },
  {
    element: (
      <RequireAuth>
        <HostShell />
      </RequireAuth>
    ),
    children: [
      { path: "/dashboard", element: page(<DashboardPage />) },
      { path: "/event-types", element: page(<EventTypesPage />) },
      { path: "/meetings", element: page(<MeetingsPage />) },
      { path: "/availability", element: page(<AvailabilityPage />) },
      { path: "/settings", element: page(<SettingsPage />) },
      { path: "/contacts", element: page(<ContactsPage />) },
      { path: "/teams", element: page(<TeamsPage />) },
      { path: "/polls/:id", element: page(<PollResultsPage />) },
      { path: "/contacts/:id", element: page(<ContactPage />) },
      { path: "/workflows", element: page(<WorkflowsPage />) },
      { path: "/workflows/:id/executions", element: page(<ExecutionsPage />) },
    ],
  },
  // Public pages by username; the app's own paths above rank first, and reserved words go home.
  { path: "/:username", element: <UserPath>{page(<PublicProfilePage />)}</UserPath> },
  { path: "/:username/:slug", element: <UserPath>{page(<BookingPage />)}</UserPath> },
  { path: "*", element: <Navigate to="/" replace /> },
]);
