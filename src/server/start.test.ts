import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

/** Whether a process with this pid still exists (a zombie awaiting its parent counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/** The pids under `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/**
 * Starts a request and sends only half of its body, so it is in flight until `finish` sends the
 * rest; resolves with the status code the server answers.
 */
function slowRequest(port: number): { finish: () => void; status: Promise<number> } {
  const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  let response = "";
  socket.on("data", (chunk) => {
    response += chunk;
  });
  const status = new Promise<number>((resolve) => {
    socket.on("close", () => resolve(Number(response.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
    socket.on("error", () => resolve(0));
  });
  return { finish: () => socket.write(body.slice(10)), status };
}

describe("npm start", () => {
  let npm: ChildProcess | undefined;
  let tree: number[] = [];
  afterEach(() => {
    // Whatever the outcome, leave no server behind.
    for (const pid of [npm?.pid ?? 0, ...tree]) {
      if (pid && alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("stops on SIGTERM to the npm process within 10 s, finishing the request in flight", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-start-"));
    const webDir = path.join(dir, "web");
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Kairos</title>");
    const port = await freePort();
    const { DATABASE_URL: _unused, ...env } = process.env;
    npm = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        WEB_DIR: webDir,
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    const npmPid = npm.pid ?? 0;
    // A first start on a loaded machine (PGlite init and every migration) can take close to a minute.
    expect(await waitFor(() => answers(port), 150_000)).toBe(true);
    tree = descendants(npmPid);
    expect(tree.length).toBeGreaterThan(0);

    const inFlight = slowRequest(port);
    await sleep(200);
    const termAt = Date.now();
    process.kill(npmPid, "SIGTERM");
    await sleep(300);
    inFlight.finish();
    // Wrong password: the login is refused, but answered.
    expect(await inFlight.status).toBe(401);

    const stopped = await waitFor(
      async () => ![npmPid, ...tree].some(alive) && !(await answers(port)),
      10_000,
    );
    expect(stopped, `still running after ${Date.now() - termAt} ms: ${[npmPid, ...tree].filter(alive)}`).toBe(
      true,
    );
    // The embedded database was closed and its folder lock released.
    expect(fs.existsSync(path.join(dir, "data.kairos.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 200_000);
});
