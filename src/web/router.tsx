import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { matchUserPath } from "../contract/usernames";
import { HostShell } from "./components/layout/HostShell";
import { PublicOnly, RequireAuth } from "./components/layout/RouteGuards";
import { FullPageSpinner } from "./components/ui";
import { LandingPage } from "./features/landing/LandingPage";

// Each screen family is its own chunk: the public booking page never loads the host area.
const LoginPage = lazy(() => import("./features/auth/LoginPage"));
const SignupPage = lazy(() => import("./features/auth/SignupPage"));
const OAuthCallbackPage = lazy(() => import("./features/auth/OAuthCallbackPage"));
const GoogleCalendarCallbackPage = lazy(() => import("./features/calendars/GoogleCalendarCallbackPage"));
const PrivacyPolicyPage = lazy(() =>
  import("./features/legal/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })),
);
const AboutPage = lazy(() => import("./features/legal/AboutPage").then((m) => ({ default: m.AboutPage })));
const TermsPage = lazy(() => import("./features/legal/TermsPage").then((m) => ({ default: m.TermsPage })));
const DashboardPage = lazy(() => import("./features/dashboard/DashboardPage"));
const MeetingsPage = lazy(() => import("./features/meetings/MeetingsPage"));
const BookingRequestPage = lazy(() => import("./features/meetings/BookingRequestPage"));
const AvailabilityPage = lazy(() => import("./features/availability/AvailabilityPage"));
const EventTypesPage = lazy(() => import("./features/event-types/EventTypesPage"));
const BookingPage = lazy(() => import("./features/bookings/BookingPage"));
const BookingConfirmedPage = lazy(() => import("./features/bookings/BookingConfirmedPage"));
const ContactsPage = lazy(() => import("./features/contacts/ContactsPage"));
const ContactPage = lazy(() => import("./features/contacts/ContactPage"));
const TeamsPage = lazy(() => import("./features/teams/TeamsPage"));
const TeamInvitePage = lazy(() => import("./features/teams/TeamInvitePage"));
const PublicTeamPage = lazy(() => import("./features/teams/PublicTeamPage"));
const PollPage = lazy(() => import("./features/polls/PollPage"));
const PollResultsPage = lazy(() => import("./features/polls/PollResultsPage"));
const WorkflowsPage = lazy(() => import("./features/workflows/WorkflowsPage"));
const ExecutionsPage = lazy(() => import("./features/workflows/ExecutionsPage"));
const PublicProfilePage = lazy(() => import("./features/users/PublicProfilePage"));
const SettingsPage = lazy(() => import("./features/users/SettingsPage"));
const ForgotPasswordPage = lazy(() => import("./features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./features/auth/ResetPasswordPage"));
const ConfirmEmailPage = lazy(() => import("./features/auth/ConfirmEmailPage"));

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
