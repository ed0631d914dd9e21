import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { UserProfile } from "../../contract/auth";
import type { AnswerData } from "../../contract/responses/shared";
import type { authResponses } from "../../contract/responses/users";
import { ApiError, getToken, request, setToken, TOKEN_KEY } from "./api";

type AuthState =
  | { status: "loading"; user: null }
  | { status: "signedIn"; user: UserProfile }
  /**
   * The server could not be asked (offline, a 5xx, a request cut short): the token is kept and the check
   * is retried; `retrying` while a retry is on its way, `failures` checks in a row found no answer.
   */
  | { status: "unreachable"; user: null; retrying: boolean; failures: number }
  /** `leaving`: signed out on the way to the landing page (a deleted account): guards send there, not to /login. */
  | { status: "signedOut"; user: null; leaving?: boolean };

interface AuthContextValue {
  state: AuthState;
  user: UserProfile | null;
  /** Stores the token from a sign-in answer and loads the user. */
  signIn(token: string, user?: UserProfile): Promise<void>;
  /** `leaving`: the caller has already started a navigation off the host area (see AuthState). */
  signOut(options?: { leaving?: boolean }): Promise<void>;
  setUser(user: UserProfile): void;
  /** Asks the server again now (the unreachable state's Try again). */
  retry(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in user; null when there is no session (no token, or the server refused it), "unreachable"
 * when the answer never came (offline, a server restarting, a request cut short by leaving the page):
 * that keeps the token, since signing the host out for a network hiccup would be wrong.
 */
async function fetchMe(): Promise<UserProfile | null | "unreachable"> {
  if (!getToken()) return null;
  try {
    const envelope = await request<AnswerData<typeof authResponses.me>>("GET", "/auth/me");
    return envelope.data?.user ?? null;
  } catch (error) {
    // Only a refusal of the token (401, 403) ends the session. Status 0 is no answer at all, a 5xx or a
    // 429 is a server that cannot answer now, and a 200 whose body never arrived (the page was left
    // mid-read) is no refusal either (api.ts).
    return error instanceof ApiError && (error.status === 401 || error.status === 403) ? null : "unreachable";
  }
}

/** Waits between automatic retries while the server is unreachable: doubling from the first, up to the cap. */
export const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading", user: null });

  const reload = useCallback(async () => {
    setState((current) => (current.status === "unreachable" ? { ...current, retrying: true } : current));
    const user = await fetchMe();
    if (user === "unreachable") {
      setState((current) => ({
        status: "unreachable",
        user: null,
        retrying: false,
        failures: current.status === "unreachable" ? current.failures + 1 : 1,
      }));
    } else if (user) setState({ status: "signedIn", user });
    else {
      setToken(null);
      setState({ status: "signedOut", user: null });
    }
  }, []);

  // While unreachable, ask again on its own (with backoff) and as soon as the browser is back online, so
  // a host whose network returns finds the app working without pressing anything. Keyed on the count of
  // failures, not only on the status: a retry that fails fast may never show a render in between.
  const failures = state.status === "unreachable" && !state.retrying ? state.failures : 0;
  useEffect(() => {
    if (failures === 0) return;
    const timer = setTimeout(
      () => void reload(),
      Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS),
    );
    const onOnline = () => void reload();
    window.addEventListener("online", onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [failures, reload]);

  useEffect(() => {
    void reload();
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) void reload();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [reload]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      user: state.user,
      async signIn(token, user) {
        setToken(token);
        if (user) setState({ status: "signedIn", user });
        else await reload();
      },
      async signOut(options) {
        try {
          if (getToken()) await request("POST", "/auth/logout");
        } catch {
          // Sign-out always clears the local session, even when the call fails.
        }
        setToken(null);
        setState({ status: "signedOut", user: null, leaving: options?.leaving });
      },
      setUser(user) {
        setState({ status: "signedIn", user });
      },
      retry() {
        void reload();
      },
    }),
    [state, reload],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}
