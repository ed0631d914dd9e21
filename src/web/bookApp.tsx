/**
 * The invitees' app: /book/:slug, /booking-confirmed and /user/:userId, loaded by book.tsx and
 * built against Preact's React compatibility layer (see vite.config.ts). It holds no host area,
 * no auth and no design-system overlays, so the booking page loads little JavaScript.
 */
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, StrictMode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, useLocation } from "react-router";
import { FullPageSpinner } from "./components/ui/Spinner";
import BookingPage from "./features/bookings/BookingPage";
import { ApiError } from "./lib/api";

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
      Go to Kairos
    </a>
  ) : (
    <FullPageSpinner />
  );
}

const router = createBrowserRouter([
  { path: "/book/:slug", element: <BookingPage /> },
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
  { path: "/user/:userId", element: page(<PublicProfilePage />) },
  { path: "*", element: <HostAppPath /> },
]);

export function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
