import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** PGlite's `db.exec(text, options)`, read straight off PostgreSQL's reply (pglite-exec.mjs). */
export function execSimple(db: PGlite, text: string, options?: QueryOptions): Promise<Results[]>;
