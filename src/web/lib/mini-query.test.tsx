// @vitest-environment happy-dom
/**
 * mini-query, the booking app's stand-in for TanStack Query (see the file): the rules its pages rely
 * on, each checked on a rendered component (React here; the built app runs it under Preact).
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  QueryClient,
  QueryClientProvider,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from "./mini-query";

afterEach(cleanup);

function Show<T>({ options, label = "q" }: { options: UseQueryOptions<T>; label?: string }) {
  const q = useQuery(options);
  return (
    <p data-testid={label}>
      {q.status}|{q.isPlaceholderData ? "placeholder" : "real"}|{JSON.stringify(q.data ?? null)}
    </p>
  );
}

/** Hands out the provider's client, as a page's hook gets it. */
function Grab({ onClient }: { onClient: (client: QueryClient) => void }) {
  onClient(useQueryClient());
  return null;
}

const mount = (client: QueryClient, node: React.ReactNode) =>
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
const text = (label = "q") => screen.getByTestId(label).textContent;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("mini-query", () => {
  it("fetches a key it has no data for, once, and shows it", async () => {
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 7);
    mount(
      client,
      <>
        <Show options={{ queryKey: ["n"], queryFn }} label="a" />
        <Show options={{ queryKey: ["n"], queryFn }} label="b" />
      </>,
    );
    expect(text("a")).toBe("pending|real|null");
    await settle();
    expect(text("a")).toBe("success|real|7");
    expect(text("b")).toBe("success|real|7");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("takes initial data as fresh (no fetch within staleTime), and shows placeholder data as success", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const queryFn = vi.fn(async () => "fetched");
    mount(
      client,
      <>
        <Show options={{ queryKey: ["i"], queryFn, initialData: () => "early" }} label="i" />
        <Show
          options={{ queryKey: ["p"], queryFn: () => new Promise<string>(() => {}), placeholderData: "ph" }}
          label="p"
        />
      </>,
    );
    await settle();
    expect(text("i")).toBe('success|real|"early"');
    expect(queryFn).not.toHaveBeenCalled();
    expect(text("p")).toBe('success|placeholder|"ph"');
  });

  it("stays pending without fetching while disabled", async () => {
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 1);
    mount(client, <Show options={{ queryKey: ["d"], queryFn, enabled: false }} />);
    await settle();
    expect(text()).toBe("pending|real|null");
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("retries while retry() allows, then shows the error", async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: (count) => count < 2 } } });
      const queryFn = vi.fn(async () => {
        throw new Error("down");
      });
      mount(client, <Show options={{ queryKey: ["r"], queryFn }} />);
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(queryFn).toHaveBeenCalledTimes(3);
      expect(text()).toBe("error|real|null");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refetches the queries on screen under an invalidated prefix, and takes data set by hand", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    let n = 0;
    const queryFn = vi.fn(async () => ++n);
    let qc: QueryClient | null = null;
    mount(
      client,
      <>
        <Grab onClient={(c) => (qc = c)} />
        <Show options={{ queryKey: ["slots", "a"], queryFn }} label="a" />
        <Show options={{ queryKey: ["other"], queryFn: async () => "x" }} label="o" />
      </>,
    );
    await settle();
    expect(text("a")).toBe("success|real|1");
    await act(() => (qc as unknown as QueryClient).invalidateQueries({ queryKey: ["slots"] }));
    expect(text("a")).toBe("success|real|2");
    expect(text("o")).toBe('success|real|"x"');
    act(() => (qc as unknown as QueryClient).setQueryData(["slots", "a"], 99));
    expect(text("a")).toBe("success|real|99");
    expect(client.getQueryData(["slots", "a"])).toBe(99);
  });

  it("fetches again on mount when the data is stale, or always with refetchOnMount 'always'", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    client.setQueryData(["fresh"], "cached");
    const queryFn = vi.fn(async () => "new");
    mount(client, <Show options={{ queryKey: ["fresh"], queryFn }} />);
    await settle();
    expect(queryFn).not.toHaveBeenCalled();
    cleanup();
    mount(client, <Show options={{ queryKey: ["fresh"], queryFn, refetchOnMount: "always" }} />);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(text()).toBe('success|real|"new"');
  });
});
