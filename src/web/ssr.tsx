/**
 * The booking page's first view, rendered by the server into book.html (issue 14, item 4): on a
 * phone network the times then show when the HTML arrives, a round trip before the scripts do.
 * Built by vite.config.ts against Preact, like the public app, into dist/ssr/ssr.js, which the server
 * loads when it is there (src/server/lib/first-view.ts). The browser's app then renders over this
 * markup, reusing its elements; until it has, book.css keeps the page's buttons and links inert.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "preact-render-to-string";
import type { FirstViewRequest } from "../contract/first-answers";
import BookingPage from "./features/bookings/BookingPage";
import { withFirstAnswers } from "./features/bookings/earlyFetch";
import { FirstView } from "./features/bookings/firstView";
// The public app's router (vite.config.ts aliases react-router to it, so BookingPage shares it).
import { activate, type InlinedLanguage } from "./lib/i18n";
import { createStaticRouter, RouterProvider } from "./lib/mini-router";

/** The booking page's markup for #root, from the answers the server already has; synchronous. */
export function renderBookingPage(request: FirstViewRequest): string {
  // Rendering is synchronous: the language stays this request's until its markup is done.
  activate(request.language as InlinedLanguage);
  const router = createStaticRouter(
    [
      { path: "/book/:slug", element: <BookingPage /> },
      { path: "/:username/:slug", element: <BookingPage /> },
    ],
    { pathname: request.pathname, search: request.search },
  );
  // Fresh per request: nothing one invitee's page loads may show on another's.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  return withFirstAnswers(request.answers, () =>
    renderToString(
      <FirstView.Provider value={{ zone: request.zone, now: request.now }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FirstView.Provider>,
    ),
  );
}
