/** In-process timing: warm up, then time many calls and report the median and 95th percentile. */
export interface Measurement {
  medianMs: number;
  p95Ms: number;
  iterations: number;
}

export function measure(fn: () => unknown, budgetMs = 1000, minIterations = 30): Measurement {
  const warmUntil = performance.now() + budgetMs / 4;
  while (performance.now() < warmUntil) fn();
  const times: number[] = [];
  const stopAt = performance.now() + budgetMs;
  while (times.length < minIterations || performance.now() < stopAt) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(times.length / 2)],
    p95Ms: times[Math.floor(times.length * 0.95)],
    iterations: times.length,
  };
}

/** A small table with right-aligned columns. */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const cells = [keys, ...rows.map((r) => keys.map((k) => String(r[k])))];
  const widths = keys.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  console.log(`\n${title}`);
  for (const [n, row] of cells.entries()) {
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

/** Deterministic pseudo-random numbers, so every run measures the same inputs (shared with the seed). */
export { seededRandom } from "../../scripts/lib/demo-data.js";
