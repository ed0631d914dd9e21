/**
 * `npm run seed [-- --size N] [--email E] [--password P] [--name N] [--timezone Z] [--reset]`
 *
 * Creates a demo host with event types, the default weekday schedule and N bookings (default 300):
 * a few months past and a few weeks ahead, across statuses and invitee zones. Uses the same database
 * as the server (DATABASE_URL, else the embedded one in DATA_DIR). Refuses when the host exists,
 * unless --reset, which deletes that host and everything of theirs first.
 */
import { parseArgs } from "node:util";
import { isKnownTimeZone } from "../src/contract/common.js";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { type Database, openDatabase } from "../src/server/db/client.js";
import { runMigrations } from "../src/server/db/migrate.js";
import { createContactsService } from "../src/server/features/contacts/service.js";
import {
  createDemoHost,
  DEMO_HOST,
  deleteUser,
  findUserByEmail,
  insertDemoBookings,
} from "./lib/demo-data.js";

/** A refusal with a message for the person at the terminal (no stack trace). */
class SeedError extends Error {}

function fail(message: string): never {
  throw new SeedError(message);
}

const USAGE = "npm run seed -- [--size N] [--email E] [--password P] [--name N] [--timezone Zone] [--reset]";

function parseOptions() {
  return parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      size: { type: "string", default: "300" },
      email: { type: "string", default: DEMO_HOST.email },
      password: { type: "string", default: DEMO_HOST.password },
      name: { type: "string", default: DEMO_HOST.name },
      timezone: { type: "string", default: DEMO_HOST.timezone },
      reset: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    fail(`${error instanceof Error ? error.message : error}\n  ${USAGE}`);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const size = Number(values.size);
  if (!Number.isInteger(size) || size < 0 || size > 1_000_000)
    fail("--size must be a whole number from 0 to 1000000");
  if (!isKnownTimeZone(values.timezone)) fail(`--timezone: unknown zone ${values.timezone}`);
  if (values.password.length < 6) fail("--password must have at least 6 characters");

  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/in use by another Kairos process/.test(message)) {
      fail(
        `${message}\n\n  The embedded database allows one process at a time: stop the server (npm start), run\n  npm run seed again, then start the server.`,
      );
    }
    fail(`Could not open the database: ${message}`);
  }

  try {
    await runMigrations(database);
    const email = values.email.trim().toLowerCase();
    const existing = await findUserByEmail(database.db, email);
    if (existing && !values.reset) {
      fail(
        `A user ${email} already exists: nothing was changed.\n  Sign in as them, or run npm run seed -- --reset to delete and re-create them (or pick --email).`,
      );
    }
    if (existing) {
      await deleteUser(database.db, existing.id);
      console.log(`  Deleted the previous ${email} and everything of theirs.`);
    }

    const unlimited = { max: 1_000_000, windowMs: 60_000 };
    const app = await buildApp({
      config: {
        ...config,
        webDir: null,
        smtpUrl: null,
        rateLimits: { login: unlimited, register: unlimited, publicBooking: unlimited },
      },
      database,
      logger: false,
    });
    await app.ready();
    const startedAt = performance.now();
    const host = await createDemoHost(app, {
      name: values.name,
      email,
      password: values.password,
      timezone: values.timezone,
    });
    const summary = await insertDemoBookings(database.db, host, {
      size,
      now: new Date(),
      onProgress: (done) => {
        if (size >= 20_000 && done % 20_000 === 0)
          console.log(`  ${done.toLocaleString("en-US")} bookings...`);
      },
    });
    // The bulk insert goes around the bookings service, so its contacts are made here.
    await createContactsService(database.db, { now: () => new Date() }).backfillFromBookings(host.userId);
    await app.close();

    const day = (d: Date) => d.toISOString().slice(0, 10);
    const where =
      config.database.kind === "postgres"
        ? "PostgreSQL (DATABASE_URL)"
        : `PGlite in ${config.database.dataDir}`;
    const active = host.eventTypes.filter((t) => t.isActive);
    // The seed cannot know the port a server started separately listens on: it names the address only
    // when told it (PORT or PUBLIC_URL, as given to npm start), else the paths on npm start's address.
    const told = process.env.PUBLIC_URL || process.env.PORT;
    const base = told ? config.publicUrl : "";
    const addressNote = told
      ? []
      : [`              (paths on the address npm start prints, ${config.publicUrl} by default)`];
    const lines = [
      `Demo data ready in ${where} (${Math.round(performance.now() - startedAt)} ms)`,
      "",
      `Host:         ${values.name} (${values.timezone})`,
      `Sign in at:   ${base}/login`,
      ...addressNote,
      `Email:        ${email}`,
      `Password:     ${values.password}`,
      "",
      `Event types:  ${host.eventTypes.map((t) => `${t.title}${t.isActive ? "" : " (off)"}`).join(", ")}`,
      `Booking page: ${base}/book/${active[0]?.slug ?? ""}`,
      `Bookings:     ${summary.inserted} from ${day(summary.first)} to ${day(summary.last)}`,
      `              ${summary.confirmedUpcoming} upcoming, ${summary.completed} completed, ${summary.cancelled} cancelled, ${summary.noShow} no-show`,
      `              ${summary.attendees} different attendees`,
    ];
    console.log(`\n${lines.map((l) => (l ? `  ${l}` : "")).join("\n")}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SeedError ? `\n  ${error.message}\n` : error);
  process.exitCode = 1;
});
