import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, vi } from "vitest";
import { AuthProvider } from "../lib/auth";

/** One call the screen made: method, path under /api, and its JSON body. */
export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

/** What the fake API answers: a status and a body (an envelope, or anything a proxy might send). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Handler = (call: SeenCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Stands in for the server at the browser's edge (window.fetch): routes "METHOD /path" (query string
 * ignored) to handlers and records every call, so a test can check what a form sent and show what the
 * server answered, including answers the real server never gives (a proxy's bare 502).
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: SeenCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://kairos.test");
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api/, "");
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { success: false, message: "Not found" } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The user GET /auth/me answers for a signed-in test. */
export const testUser = {
  _id: "00000000-0000-4000-8000-000000000001",
  name: "Ada Host",
  email: "ada@example.com",
  username: "ada",
  timezone: "Asia/Kolkata",
};

/** A success envelope. */
export const ok = (data?: unknown, extras: Record<string, unknown> = {}): FakeAnswer => ({
  status: 200,
  body: { success: true, data, ...extras },
});

/**
 * Renders a screen inside the app's providers (queries without retries, auth, a memory router at `path`,
 * the screen mounted on the route pattern `route`).
 */
export function renderScreen(
  ui: ReactNode,
  { path = "/", route = "*" }: { path?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
