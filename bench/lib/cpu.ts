import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time so far, in ms, of this process (the server, when the app runs in the bench) and of the
 * local PostgreSQL server's processes (from /proc: Linux, with PostgreSQL on this machine, else
 * null). Per request, these tell what a call costs whatever the machine's speed or its other load,
 * where latency under load swings with both.
 */
export function cpuNow(): { server: number; database: number | null } {
  const { user, system } = process.cpuUsage();
  return { server: (user + system) / 1000, database: postgresCpuMs() };
}

/** What each request cost between two readings of cpuNow. */
export function cpuPerRequest(
  before: ReturnType<typeof cpuNow>,
  after: ReturnType<typeof cpuNow>,
  requests: number,
): string {
  const per = (a: number, b: number) => ((b - a) / Math.max(1, requests)).toFixed(2);
  const database =
    before.database === null || after.database === null
      ? ""
      : `, database ${per(before.database, after.database)}`;
  return `CPU ms/req: server ${per(before.server, after.server)}${database}`;
}

/** /proc counts CPU time in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
const MS_PER_TICK = 10;

/** A /proc `stat` file's command name and CPU time so far (user and system), in ms. */
function readStat(file: string): { name: string; ms: number } {
  const stat = readFileSync(file, "utf8");
  // comm is in parentheses and may hold spaces: fields are counted after its closing one.
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" ");
  // utime, stime (fields 14 and 15)
  return {
    name: stat.slice(stat.indexOf("(") + 1, close),
    ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK,
  };
}

/**
 * The local PostgreSQL server's processes: each one's pid and CPU time so far, in ms (from /proc:
 * Linux, with PostgreSQL on this machine). Null when /proc cannot be read.
 */
function postgresProcesses(): { pid: string; ms: number }[] | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const found: { pid: string; ms: number }[] = [];
  for (const pid of pids) {
    try {
      const stat = readStat(`/proc/${pid}/stat`);
      if (stat.name.startsWith("postgres")) found.push({ pid, ms: stat.ms });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return found;
}

function postgresCpuMs(): number | null {
  const found = postgresProcesses();
  if (!found || found.length === 0) return null;
  return found.reduce((sum, p) => sum + p.ms, 0);
}

/**
 * CPU time so far, in ms, of each local PostgreSQL backend serving `databaseName` (their process
 * titles name it), by pid, autovacuum's workers left out: what a bench's own connections cost. Compare
 * two readings with backendsCpuBetween: a backend that ends between them (a pool's idle connection
 * closing) takes its whole past CPU with it, which a plain sum would count as negative.
 */
export function backendsCpuNow(databaseName: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const { pid, ms } of postgresProcesses() ?? []) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (title.includes(` ${databaseName} `) && !title.includes("autovacuum")) byPid.set(pid, ms);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return byPid;
}

/** The CPU, in ms, the backends alive at `after` spent since `before` (a new one: all of it). */
export function backendsCpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/**
 * CPU time so far, in ms, of each kind of this process's threads (Linux /proc, else empty): the
 * server's own thread ("MainThread"), the embedded database's ("WorkerThread", db/pglite-remote.ts)
 * and V8's helpers ("V8Worker": garbage collection, compilation). On PGlite a request's statements
 * run on the database's thread, so its share tells which thread limits the requests per second.
 */
export function threadCpuNow(): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return byName;
  }
  for (const task of tasks) {
    try {
      const { name, ms } = readStat(`/proc/self/task/${task}/stat`);
      byName.set(name, (byName.get(name) ?? 0) + ms);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return byName;
}

const THREAD_LABELS: [name: string, label: string][] = [
  ["MainThread", "server thread"],
  ["WorkerThread", "database thread"],
  ["V8Worker", "V8 helpers"],
];

/** Each thread kind's CPU per request between two readings of threadCpuNow, e.g. "server thread 1.20, ...". */
export function threadCpuPerRequest(
  before: Map<string, number>,
  after: Map<string, number>,
  requests: number,
): string {
  const parts = THREAD_LABELS.filter(([name]) => after.has(name)).map(
    ([name, label]) =>
      `${label} ${(((after.get(name) ?? 0) - (before.get(name) ?? 0)) / Math.max(1, requests)).toFixed(2)}`,
  );
  return parts.length > 0 ? `(${parts.join(", ")})` : "";
}

/** This process's thread ids now (Linux /proc; compare two readings to find a new thread). */
export function threadIds(): Set<string> {
  return new Set(readdirSync("/proc/self/task"));
}

/** CPU time so far, in ms, of some of this process's threads by id (one that ended counts nothing). */
export function threadsCpuMs(ids: readonly string[]): number {
  let ms = 0;
  for (const id of ids) {
    try {
      ms += readStat(`/proc/self/task/${id}/stat`).ms;
    } catch {
      // The thread ended.
    }
  }
  return ms;
}
