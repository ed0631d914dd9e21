/**
 * The part of react-router's API the invitees' pages use (createBrowserRouter, RouterProvider,
 * useLocation, useNavigate, useParams, useSearchParams, Link), in a few hundred bytes. The public
 * app (book.html) is built with `react-router` aliased to this file (vite.config.ts); the host app
 * and the dev server keep the real react-router, so the same components run under both.
 * Same history.state shape as react-router ({ usr, key, idx }), so reloads keep navigation state.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouteObject {
  /** '/book/:slug' style, or '*' for anything else. */
  path: string;
  element: ReactNode;
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyState = () => (window.history.state ?? {}) as HistoryState;

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const s = historyState();
  return { pathname, search, hash, state: s.usr ?? null, key: s.key ?? "default" };
}

/** An absolute path for `to`, relative to the current location (react-router's "." resolution). */
function href(to: To, from: Location): string {
  if (typeof to === "string") return to;
  const pathname = to.pathname ?? from.pathname;
  const search = to.search ? (to.search.startsWith("?") ? to.search : `?${to.search}`) : "";
  const hash = to.hash ? (to.hash.startsWith("#") ? to.hash : `#${to.hash}`) : "";
  return `${pathname}${search}${hash}`;
}

function match(routes: RouteObject[], pathname: string) {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  for (const route of routes) {
    if (route.path === "*") return { route, params: {} };
    const pattern = route.path.split("/").slice(1);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      if (p.startsWith(":")) {
        try {
          params[p.slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          params[p.slice(1)] = parts[i];
        }
        return parts[i] !== "";
      }
      return p === parts[i];
    });
    if (ok) return { route, params };
  }
  return null;
}

export function createBrowserRouter(routes: RouteObject[]) {
  const listeners = new Set<() => void>();
  let location = readLocation();
  let idx = historyState().idx ?? 0;
  if (historyState().idx === undefined) {
    window.history.replaceState({ usr: location.state, key: location.key, idx }, "");
  }
  const changed = () => {
    location = readLocation();
    idx = historyState().idx ?? 0;
    for (const listener of listeners) listener();
  };
  window.addEventListener("popstate", changed);
  return {
    routes,
    location: () => location,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(to: To | number, options: NavigateOptions = {}) {
      if (typeof to === "number") {
        window.history.go(to);
        return;
      }
      const state: HistoryState = {
        usr: options.state ?? null,
        key: Math.random().toString(36).slice(2, 10),
        idx: options.replace ? idx : idx + 1,
      };
      if (options.replace) window.history.replaceState(state, "", href(to, location));
      else window.history.pushState(state, "", href(to, location));
      changed();
    },
  };
}

type Router = ReturnType<typeof createBrowserRouter>;

/** A router fixed at one address: the server renders a page's first view with it (ssr.tsx). */
export function createStaticRouter(routes: RouteObject[], at: { pathname: string; search: string }): Router {
  const location: Location = { ...at, hash: "", state: null, key: "default" };
  return {
    routes,
    location: () => location,
    subscribe: () => () => {},
    navigate: () => {},
  };
}

const RouterContext = createContext<{
  router: Router;
  location: Location;
  params: Record<string, string>;
} | null>(null);

function useRouter() {
  const value = useContext(RouterContext);
  if (!value) throw new Error("outside RouterProvider");
  return value;
}

export function RouterProvider({ router }: { router: Router }) {
  const location = useSyncExternalStore(router.subscribe, router.location);
  const found = useMemo(() => match(router.routes, location.pathname), [router, location]);
  const value = useMemo(() => ({ router, location, params: found?.params ?? {} }), [router, location, found]);
  return <RouterContext.Provider value={value}>{found?.route.element ?? null}</RouterContext.Provider>;
}

export const useLocation = () => useRouter().location;

export const useParams = () => useRouter().params;

export function useNavigate() {
  const { router } = useRouter();
  return router.navigate;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useRouter().location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...rest },
  ref,
) {
  const { router, location } = useRouter();
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== "_self")) return;
    event.preventDefault();
    router.navigate(to, { replace, state });
  };
  return <a ref={ref} href={href(to, location)} target={target} onClick={onLinkClick} {...rest} />;
});
