/**
 * End-to-end test service: starts a real SMTP server (src/server/testing/smtp.ts) on a free
 * loopback port, runs the given command with SMTP_URL pointing at it, and writes every message it
 * receives to E2E_MAIL_DIR as JSON ({ to, subject, text }), where specs read them.
 * Usage: tsx scripts/e2e-mail-server.ts node scripts/start.mjs
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startSmtpCatcher } from "../src/server/testing/smtp.js";

const dir = process.env.E2E_MAIL_DIR;
if (!dir) throw new Error("E2E_MAIL_DIR is not set");
fs.mkdirSync(dir, { recursive: true });

const smtp = await startSmtpCatcher();
let written = 0;
const timer = setInterval(() => {
  for (; written < smtp.mails.length; written++) {
    const mail = smtp.mails[written];
    const body = { to: mail.to, subject: mail.parsed.subject ?? "", text: mail.parsed.text ?? "" };
    const file = path.join(dir, `${String(written).padStart(5, "0")}.json`);
    // Written under another name first, so a reader never sees half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(body));
    fs.renameSync(`${file}.tmp`, file);
  }
}, 100);

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, SMTP_URL: smtp.url } });
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  clearInterval(timer);
  await smtp.close();
  process.exit(code ?? 0);
});
