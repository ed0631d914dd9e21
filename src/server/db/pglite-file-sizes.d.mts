/** Keeps file sizes and missing names on a PGlite instance's NODEFS (its Emscripten module). */
export function keepFileSizes(module: unknown): void;
