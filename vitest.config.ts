import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    exclude: ["e2e/**", "node_modules/**"],
    // The web catalogue's English, active as in the apps (issue 27).
    setupFiles: ["src/web/testing/i18n-setup.ts"],
    testTimeout: 30_000,
    // The first test database of a migration set is migrated from scratch (later ones are copies of
    // it, testing/database.ts): that can take a minute when the machine is loaded.
    hookTimeout: 180_000,
    // PGlite instances are heavy; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
