import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Every run starts on an empty embedded database.
const dataDir = path.join(os.tmpdir(), `kairos-e2e-${process.pid}-${Date.now()}`);
// Mail the e2e server sends lands here (scripts/e2e-mail-server.ts); set once, so the test workers,
// which load this file again, read the same folder (they inherit the runner's environment).
process.env.E2E_MAIL_DIR ??= `${dataDir}-mail`;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The demo host of `npm run seed` is there for e2e/seeded-dashboard.spec.ts; other specs make their own hosts.
    // The server signs in with a local Google and OpenID provider (scripts/e2e-identity-servers.ts) and
    // sends mail to a real SMTP server whose messages the specs read (scripts/e2e-mail-server.ts).
    command:
      "npx tsx scripts/seed.ts && npx tsx scripts/e2e-identity-servers.ts npx tsx scripts/e2e-mail-server.ts node scripts/start.mjs",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // The seed and the first start create the database and run every migration: minutes on a loaded machine.
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // Every spec signs up its own hosts from 127.0.0.1; the limits are tested at the API.
      RATE_LIMIT_FACTOR: "50",
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      // Webhook specs deliver to a receiver on 127.0.0.1.
      ALLOW_PRIVATE_TARGETS: "true",
    },
  },
});
