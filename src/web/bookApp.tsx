/**
 * The invitees' app: /{username}, /{username}/{slug}, /book/:slug, /booking-confirmed and
 * /user/:userId, loaded by book.tsx and
 * built against Preact's React compatibility layer (see vite.config.ts). It holds no host area,
 * no auth and no design-system overlays, so the booking page loads little JavaScript.
 */
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, StrictMode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, useLocation, useParams } from "react-router";
import { usernameProblem } from "../contract/usernames";
import { FullPageSpinner } from "./components/ui/Spinner";
import BookingPage from "./features/bookings/BookingPage";
import { startEmbed } from "./features/bookings/embed";
import { ApiError } from "./lib/api";
import { startLanguage, t } from "./lib/i18n";

const BookingConfirmedPage = lazy(() => import("./features/bookings/BookingConfirmedPage"));
const PublicProfilePage = lazy(() => import("./features/users/PublicProfilePage"));
// Only the confirmation page raises toasts (after a cancellation).
const Toaster = lazy(() => import("./components/ui/Toaster").then((m) => ({ default: m.Toaster })));

// Answers that land together (the page's first three) reach the components in one render, not one
// timer task (and render) each.
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** The path this document was served for: the server sends book.html only for the routes below. */
const servedPath = window.location.pathname;

/** Any other path belongs to the host app: load it from the server. */
function HostAppPath() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (pathname !== servedPath) window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return pathname === servedPath ? (
    <a href="/" className="m-6 inline-block text-accent-strong underline">
      {t("frame.goToKairos")}
    </a>
  ) : (
    <FullPageSpinner />
  );
}

/**
 * The booking page under both of its addresses. One element type for both, so moving from /book/x
 * to the canonical /{username}/x keeps the page (and what it loaded) in place.
 */
function Booking() {
  const { username } = useParams();
  return username !== undefined && usernameProblem(username.toLowerCase()) ? (
    <HostAppPath />
  ) : (
    <BookingPage />
  );
}

/** The public profile under /user/:userId and /{username}; one element type, as above. */
function Profile() {
  const { username } = useParams();
  if (username !== undefined && usernameProblem(username.toLowerCase())) return <HostAppPath />;
  return page(<PublicProfilePage />);
}

const router = createBrowserRouter([
  { path: "/book/:slug", element: <Booking /> },
  {
    path: "/booking-confirmed",
    element: (
      <>
        {page(<BookingConfirmedPage />)}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </>
    ),
  },
  { path: "/user/:userId", element: <Profile /> },
  // Reserved words (every path of the host app) are never usernames: those go to the host app.
  { path: "/:username", element: <Profile /> },
  { path: "/:username/:slug", element: <Booking /> },
  { path: "*", element: <HostAppPath /> },
]);

/**
 * Renders the app into `root`. When the server rendered the booking page's first view there
 * (data-first-view), Preact reuses its elements; the controls work from this render on.
 */
export function mount(root: HTMLElement): void {
  // The page's language first (inlined by the server: at once); every text goes through it.
  const started = startLanguage();
  if (started)
    void started.then(
      () => render(root),
      () => render(root),
    );
  else render(root);
}

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  root.removeAttribute("data-first-view");
  startEmbed(root);
}
