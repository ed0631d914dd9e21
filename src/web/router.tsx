import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { HostShell } from "./components/layout/HostShell";
import { PublicOnly, RequireAuth } from "./components/layout/RouteGuards";
import { FullPageSpinner } from "./components/ui";
import { LandingPage } from "./features/landing/LandingPage";

// Each screen family is its own chunk: the public booking page never loads the host area.
const LoginPage = lazy(() => import("./features/auth/LoginPage"));
const SignupPage = lazy(() => import("./features/auth/SignupPage"));
const OAuthCallbackPage = lazy(() => import("./features/auth/OAuthCallbackPage"));
const SignInMethodsPage = lazy(() => import("./features/auth/SignInMethodsPage"));
const PrivacyPolicyPage = lazy(() =>
  import("./features/legal/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import("./features/legal/TermsPage").then((m) => ({ default: m.TermsPage })));
const DashboardPage = lazy(() => import("./features/dashboard/DashboardPage"));
const MeetingsPage = lazy(() => import("./features/meetings/MeetingsPage"));
const PlaceholderPage = lazy(() => import("./features/shell/PlaceholderPage"));
const AvailabilityPage = lazy(() => import("./features/availability/AvailabilityPage"));
const EventTypesPage = lazy(() => import("./features/event-types/EventTypesPage"));
const BookingPage = lazy(() => import("./features/bookings/BookingPage"));
const BookingConfirmedPage = lazy(() => import("./features/bookings/BookingConfirmedPage"));
const ContactsPage = lazy(() => import("./features/contacts/ContactsPage"));
const ContactPage = lazy(() => import("./features/contacts/ContactPage"));
const PublicProfilePage = lazy(() => import("./features/users/PublicProfilePage"));

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

const placeholder = (title: string, subtitle: string) =>
  page(<PlaceholderPage title={title} subtitle={subtitle} />);

export const router = createBrowserRouter([
  { path: "/", element: <LandingPage /> },
  { path: "/login", element: <PublicOnly>{page(<LoginPage />)}</PublicOnly> },
  { path: "/signup", element: <PublicOnly>{page(<SignupPage />)}</PublicOnly> },
  { path: "/privacy-policy", element: page(<PrivacyPolicyPage />) },
  { path: "/terms-and-conditions", element: page(<TermsPage />) },
  { path: "/privacy", element: <Navigate to="/privacy-policy" replace /> },
  { path: "/terms", element: <Navigate to="/terms-and-conditions" replace /> },
  { path: "/book/:slug", element: page(<BookingPage />) },
  { path: "/booking-confirmed", element: page(<BookingConfirmedPage />) },
  { path: "/user/:userId", element: page(<PublicProfilePage />) },
  // /auth/google/callback, /auth/sbu/callback, /auth/gameforce/callback and any other configured provider's.
  { path: "/auth/:provider/callback", element: page(<OAuthCallbackPage />) },
  {
    element: (
      <RequireAuth>
        <HostShell />
      </RequireAuth>
    ),
    children: [
      { path: "/dashboard", element: page(<DashboardPage />) },
      { path: "/sign-in-methods", element: page(<SignInMethodsPage />) },
      { path: "/event-types", element: page(<EventTypesPage />) },
      { path: "/meetings", element: page(<MeetingsPage />) },
      { path: "/availability", element: page(<AvailabilityPage />) },
      { path: "/contacts", element: page(<ContactsPage />) },
      { path: "/contacts/:id", element: page(<ContactPage />) },
      {
        path: "/workflows",
        element: placeholder("Workflows", "Automate your scheduling process with custom workflows"),
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
]);
