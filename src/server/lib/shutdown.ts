import type { FastifyInstance } from "fastify";

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StopOptions {
  /** How long the whole stop may take before the process gives up on it. */
  timeoutMs: number;
  log: Logger;
  /** process.exit in the server; tests watch it instead. */
  exit: (code: number) => void;
}

/**
 * Runs a stop made of named parts and exits: 0 when every part ended, 1 when one threw or when the
 * parts took longer than `timeoutMs`. A stop must never hang (a process that keeps its port and
 * PGlite's folder lock cannot be restarted), so the timeout logs the parts still running, then exits;
 * anything acknowledged is already committed, and work left undone (queued mail, claimed jobs) is
 * retried by the next process once its lease ends.
 */
export async function boundedStop(
  run: (part: <T>(name: string, work: Promise<T>) => Promise<T>) => Promise<void>,
  options: StopOptions,
): Promise<void> {
  const running = new Set<string>();
  const startedAt = Date.now();
  let done = false;
  const finish = (code: number) => {
    if (done) return;
    done = true;
    clearTimeout(deadline);
    options.exit(code);
  };
  const deadline = setTimeout(() => {
    options.log.error(
      { waitingFor: [...running], ms: Date.now() - startedAt },
      `stop took longer than ${options.timeoutMs} ms; exiting without waiting further`,
    );
    finish(1);
  }, options.timeoutMs);
  const part = <T>(name: string, work: Promise<T>): Promise<T> => {
    running.add(name);
    return work.finally(() => running.delete(name));
  };
  try {
    await run(part);
    options.log.info({ ms: Date.now() - startedAt }, "stopped");
    finish(0);
  } catch (error) {
    options.log.error({ err: error, waitingFor: [...running] }, "unclean stop");
    finish(1);
  }
}

/**
 * Once the server is closing, every answer closes its connection. Fastify's close only drops the
 * connections idle at that moment: one whose request was still running stayed open after its answer,
 * waiting for a next request until the keep-alive timeout (72 s), and the server's close waited for it.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // A callback hook, not an async one: it runs on every answer, bookings included.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
}
