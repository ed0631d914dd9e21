/**
 * End-to-end test service: starts the identity providers the product signs in with, on free loopback
 * ports (a fake Google, src/server/testing/fake-google.ts, and a real OpenID provider playing SBU and
 * Gameforce, src/server/testing/oidc-idp.ts), then runs the given command with PUBLIC_URL, GOOGLE_* and
 * SSO_* pointing at them. Usage: tsx scripts/e2e-identity-servers.ts node scripts/start.mjs
 */
import { spawn } from "node:child_process";
import { DEFAULT_FAKE_CLIENT, startFakeGoogle } from "../src/server/testing/fake-google.js";
import { addFakeCalendarApi } from "../src/server/testing/fake-google-calendar.js";
import { startTestIdp } from "../src/server/testing/oidc-idp.js";

const port = process.env.PORT ?? "3210";
const publicUrl = `http://127.0.0.1:${port}`;

const google = await startFakeGoogle({
  clients: [
    {
      ...DEFAULT_FAKE_CLIENT,
      redirectUris: [`${publicUrl}/auth/google/callback`, `${publicUrl}/calendar/google/callback`],
    },
  ],
  // The e2e specs sign in as fresh addresses through "Use another account".
  autoCreateUsers: true,
});
// Calendar connections (e2e/calendars.spec.ts) use its Calendar v3: calendars, busy times, Meet links.
addFakeCalendarApi(google);
const idp = await startTestIdp({
  label: "SBU and Gameforce (local)",
  clients: [
    {
      clientId: "kairos-sbu",
      clientSecret: "e2e-sbu-secret",
      redirectUris: [`${publicUrl}/auth/sbu/callback`],
    },
    {
      clientId: "kairos-gameforce",
      clientSecret: "e2e-gameforce-secret",
      redirectUris: [`${publicUrl}/auth/gameforce/callback`],
    },
  ],
});

const env = {
  ...process.env,
  PUBLIC_URL: publicUrl,
  GOOGLE_CLIENT_ID: DEFAULT_FAKE_CLIENT.clientId,
  GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_CLIENT.clientSecret,
  GOOGLE_OAUTH_BASE: google.url,
  GOOGLE_API_BASE: google.url,
  SSO_SBU_ISSUER: idp.issuer,
  SSO_SBU_CLIENT_ID: "kairos-sbu",
  SSO_SBU_CLIENT_SECRET: "e2e-sbu-secret",
  SSO_GAMEFORCE_ISSUER: idp.issuer,
  SSO_GAMEFORCE_CLIENT_ID: "kairos-gameforce",
  SSO_GAMEFORCE_CLIENT_SECRET: "e2e-gameforce-secret",
};

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { env, stdio: "inherit" });
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  await Promise.all([google.close(), idp.close()]);
  process.exit(code ?? 0);
});
