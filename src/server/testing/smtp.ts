import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

/** A real SMTP server on a free loopback port that keeps every message it receives. */
export async function startSmtpCatcher(): Promise<{
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP server that can stall: while `stalled`, it accepts connections and never answers (no
 * greeting, nothing); otherwise it passes connections through to `forwardTo` (a catcher's URL).
 * A connection keeps the behaviour it was accepted with.
 */
export async function startStallingSmtp(forwardTo: string): Promise<{
  url: string;
  stalled: boolean;
  /** Connections accepted while stalled. */
  stalledConnections: number;
  close(): Promise<void>;
}> {
  const target = new URL(forwardTo);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (control.stalled) {
      control.stalledConnections += 1;
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    upstream.on("error", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const control = {
    url: `smtp://127.0.0.1:${port}`,
    stalled: true,
    stalledConnections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return control;
}
