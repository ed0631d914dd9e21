import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface RadicaleServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  username: string;
  password: string;
  /** Makes a calendar collection (MKCALENDAR) and returns its URL. */
  makeCalendar(name: string, displayName?: string): Promise<string>;
  /** Stores an iCalendar object in a calendar. */
  put(calendarUrl: string, filename: string, ics: string): Promise<void>;
  /** The iCalendar texts stored in a calendar, by object URL. */
  objects(calendarUrl: string): Promise<Map<string, string>>;
  /** Makes the next requests hang (the server stops answering) until resumed. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/**
 * A real Radicale (Debian package `radicale`) on a free loopback port with its own folder and an
 * htpasswd (md5) user. The port comes from its log line "Listening on '[127.0.0.1]:PORT'".
 */
export async function startRadicale(): Promise<RadicaleServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-radicale-"));
  const username = "host";
  const password = "app-password-1";
  execFileSync("htpasswd", ["-b", "-c", "-m", path.join(dir, "users"), username, password], {
    stdio: "ignore",
  });
  fs.writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      "hosts = 127.0.0.1:0",
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = md5",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[rights]",
      "type = owner_only",
      "[logging]",
      "level = info",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn("radicale", ["--config", path.join(dir, "config")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => reject(new Error(`radicale did not start:\n${log}`)), 15_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Listening on '?\[?127\.0\.0\.1\]?:(\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`radicale exited (${code}):\n${log}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const auth = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };

  async function request(
    method: string,
    target: string,
    body?: string,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(target, { method, body, headers: { ...auth, ...headers } });
    if (!res.ok) throw new Error(`${method} ${target}: HTTP ${res.status} ${await res.text()}`);
    return res.text();
  }

  return {
    url,
    username,
    password,
    async makeCalendar(name, displayName = name) {
      const target = `${url}${username}/${name}/`;
      await request(
        "MKCALENDAR",
        target,
        `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${displayName}</D:displayname><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
        { "content-type": "application/xml" },
      );
      return target;
    },
    async put(calendarUrl, filename, ics) {
      await request("PUT", `${calendarUrl}${filename}`, ics, { "content-type": "text/calendar" });
    },
    async objects(calendarUrl) {
      const xml = await request(
        "REPORT",
        calendarUrl,
        `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`,
        { "content-type": "application/xml", depth: "1" },
      );
      const found = new Map<string, string>();
      // Radicale answers with DAV: as the default namespace (<href>) and C: for CalDAV.
      const pattern =
        /<(?:D:)?href>([^<]+)<\/(?:D:)?href>[\s\S]*?<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/g;
      for (const m of xml.matchAll(pattern)) {
        const text = (m[2] as string)
          .replaceAll("&#13;", "\r")
          .replaceAll("&lt;", "<")
          .replaceAll("&gt;", ">")
          .replaceAll("&amp;", "&");
        found.set(new URL(m[1] as string, url).href, text);
      }
      return found;
    },
    pause() {
      child.kill("SIGSTOP");
    },
    resume() {
      child.kill("SIGCONT");
    },
    async close() {
      child.kill("SIGCONT");
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
