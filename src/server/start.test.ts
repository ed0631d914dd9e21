import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  alive,
  answers,
  bareWebDir,
  descendants,
  freePort,
  repoRoot,
  sleep,
  waitFor,
} from "./testing/server-process.js";

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
    const webDir = bareWebDir(dir);
    const port = await freePort();
    const { DATABASE_URL: _unused, ...env } = process.env;
    npm = spawn("npm", ["start"], {
      cwd: repoRoot,
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
