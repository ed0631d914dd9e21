import net from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { dbKinds } from "../testing/database.js";
import { boundedStop } from "./shutdown.js";

function recordingLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) =>
      lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg: string) =>
      lines.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
  };
}

describe("boundedStop", () => {
  it("exits 0 once every part has ended", async () => {
    const log = recordingLog();
    const codes: number[] = [];
    await boundedStop(
      async (part) => {
        await part("quick", new Promise((r) => setTimeout(r, 10)));
      },
      { timeoutMs: 1000, log, exit: (code) => codes.push(code) },
    );
    expect(codes).toEqual([0]);
  });

  it("exits 1 after the timeout, naming the parts it still waited for", async () => {
    const log = recordingLog();
    const exited = new Promise<number>((resolve) => {
      void boundedStop(
        async (part) => {
          await Promise.all([
            part("quick", Promise.resolve()),
            // Nothing ever settles this one.
            part("stuck worker", new Promise(() => {})),
          ]);
        },
        { timeoutMs: 200, log, exit: resolve },
      );
    });
    const startedAt = Date.now();
    expect(await exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    const error = log.lines.find((l) => l.level === "error");
    expect(error?.obj.waitingFor).toEqual(["stuck worker"]);
  });

  it("exits 1 when a part fails", async () => {
    const codes: number[] = [];
    await boundedStop(
      async (part) => {
        await part("database", Promise.reject(new Error("gone")));
      },
      { timeoutMs: 1000, log: recordingLog(), exit: (code) => codes.push(code) },
    );
    expect(codes).toEqual([1]);
  });
});

describe.each(dbKinds)("closing the app on %s", (kind) => {
  let t: TestApp;
  // A fresh PGlite with every migration can take longer than a test's own timeout on a loaded machine.
  beforeEach(async () => {
    t = await createTestApp(kind);
  });

  it("closes a keep-alive connection after answering the request it had in flight", async () => {
    let socket: net.Socket | undefined;
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as net.AddressInfo;
      // A keep-alive request whose body is half sent, so it is in flight when the close begins.
      const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
      const connection = net.connect(port, "127.0.0.1");
      socket = connection;
      await new Promise((r) => connection.once("connect", r));
      connection.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      let response = "";
      connection.on("data", (chunk) => {
        response += chunk;
      });
      const socketClosed = new Promise((r) => connection.once("close", r));
      await new Promise((r) => setTimeout(r, 100));

      const closing = t.app.close();
      await new Promise((r) => setTimeout(r, 100));
      connection.write(body.slice(10));
      const closed = await Promise.race([
        closing.then(() => "closed"),
        new Promise((r) => setTimeout(r, 3000, "still open")),
      ]);
      expect(closed).toBe("closed");
      await socketClosed;
      // Answered (wrong password), and told the connection ends.
      expect(response).toMatch(/^HTTP\/1\.1 401/);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
    } finally {
      socket?.destroy();
      await t.app.close();
      await t.database.close();
    }
  });
});
