import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui";

type Health = { state: "loading" } | { state: "up"; db: string; at: Date } | { state: "down"; at: Date };

const DB_NAMES: Record<string, string> = { pglite: "embedded database", postgres: "PostgreSQL" };

/** This server's own health, asked live (GET /api/health): the footer's "Status" link lands here. */
export function ServerStatus() {
  const [health, setHealth] = useState<Health>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "check again" trigger.
  useEffect(() => {
    let live = true;
    setHealth({ state: "loading" });
    fetch("/api/health", { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(async (res) => {
        const body = (await res.json()) as { success?: boolean; data?: { status?: string; db?: string } };
        if (!res.ok || body.data?.status !== "ok") throw new Error("unhealthy");
        if (live) setHealth({ state: "up", db: body.data.db ?? "", at: new Date() });
      })
      .catch(() => {
        if (live) setHealth({ state: "down", at: new Date() });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const checked =
    health.state === "loading"
      ? null
      : `Checked at ${health.at.toLocaleTimeString([], { timeStyle: "short" })}.`;
  return (
    <div aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      {health.state === "loading" ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Loader2 size={16} aria-hidden className="animate-spin" /> Checking this server...
        </p>
      ) : health.state === "up" ? (
        <p className="flex items-center gap-2 text-slate-800">
          <CheckCircle2 size={16} aria-hidden className="shrink-0 text-emerald-600" />
          <span>
            All systems operational: the server and its {DB_NAMES[health.db] ?? "database"} are answering.{" "}
            <span className="text-slate-500">{checked}</span>
          </span>
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-slate-800">
            <XCircle size={16} aria-hidden className="shrink-0 text-red-600" />
            <span>
              This server is not answering right now. <span className="text-slate-500">{checked}</span>
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Check again
          </Button>
        </div>
      )}
    </div>
  );
}
