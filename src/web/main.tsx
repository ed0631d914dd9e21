import "./font.css";
import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "./components/ui";
import { startEmbed } from "./features/bookings/embed";
import { ApiError } from "./lib/api";
import { loadAppLanguage, startingLanguage, useAppLocale } from "./lib/app-language";
import { AuthProvider } from "./lib/auth";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (404, 401) will not fix themselves by retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
// The team and poll pages may be embedded too (issue 25): height reports, theme, events. Nothing
// happens outside a frame opened with ?embed=1; the server lets no other host page be framed.
startEmbed(root);
/** Re-renders every screen in a new language when the host changes it (Settings, or on signing in). */
function App() {
  const locale = useAppLocale();
  return <RouterProvider key={locale} router={router} />;
}

// The first render waits for its language (one chunk), so no screen shows in another one first.
loadAppLanguage(startingLanguage())
  .catch(() => loadAppLanguage("en"))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <App />
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
