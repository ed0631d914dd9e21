import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** PGlite's `db.exec(text, options)`, read straight off PostgreSQL's reply (pglite-wire.mjs). */
export function execSimple(db: PGlite, text: string, options?: QueryOptions): Promise<Results[]>;

/** PGlite's `db.query(text, params, options)`, in two passes instead of six (pglite-wire.mjs). */
export function queryExtended(
  db: PGlite,
  text: string,
  params?: unknown[],
  options?: QueryOptions,
): Promise<Results>;
