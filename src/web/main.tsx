import "./font.css";
import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import en from "../i18n/web/en.json";
import { Toaster } from "./components/ui";
import { startEmbed } from "./features/bookings/embed";
import { ApiError } from "./lib/api";
import { AuthProvider } from "./lib/auth";
import { activate } from "./lib/i18n";
import { compileCatalogue } from "./lib/i18n-catalogues";
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
// The host app is English this far (issue 27's next part translates it); the invitees' pieces it shares speak it.
activate({ locale: "en", messages: compileCatalogue(en) });

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
