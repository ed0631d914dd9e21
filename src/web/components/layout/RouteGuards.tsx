import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { UserProfile } from "../../../contract/auth";
import { useHostLanguage } from "../../lib/app-language";
import { useAuth } from "../../lib/auth";
import { followHostTimeFormat } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { ErrorState, FullPageSpinner } from "../ui";

/**
 * Sends signed-out visitors to /login, remembering where they were going. A host whose server cannot be
 * reached stays signed in and on this page: they see why and Try again, while the app keeps retrying.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state, retry } = useAuth();
  const location = useLocation();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "unreachable") {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-app p-4">
        <ErrorState
          title={t("shell.unreachable.title")}
          description={t("shell.unreachable.text")}
          query={{ error: null, isFetching: state.retrying, refetch: retry }}
        />
      </main>
    );
  }
  // Signed out on the way to the landing page (a deleted account): that navigation may still be pending
  // (a lazy chunk), and a redirect to /login now would overtake it; go the same way instead.
  if (state.status === "signedOut" && state.leaving) return <Navigate to="/" replace />;
  if (state.status === "signedOut") {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <InHostLanguage user={state.user}>{children}</InHostLanguage>;
}

/** The signed-in screens in the host's own language (Settings > Profile > App language). */
function InHostLanguage({ user, children }: { user: UserProfile; children: ReactNode }) {
  const ready = useHostLanguage(user.appLanguage);
  // Before the screens below render: their times are written while rendering (lib/host-clock.ts).
  followHostTimeFormat(user.timeFormat);
  return ready ? <>{children}</> : <FullPageSpinner />;
}

/**
 * /login and /signup: a signed-in host goes to the page that sent them to sign
 * in, else the dashboard. This also performs the redirect right after signing in.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const returnPath = useReturnPath();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signedIn") return <Navigate to={returnPath} replace />;
  return <>{children}</>;
}

/** Where to go after signing in: the protected page that sent us here, else the dashboard. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from?.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}
