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

function postgresCpuMs(): number | null {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // comm is in parentheses and may hold spaces: fields are counted after its closing one.
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
      found = true;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return found ? ticks * MS_PER_TICK : null;
}
