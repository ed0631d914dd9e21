import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

/** A local HTTP receiver on 127.0.0.1 answering each request with `status()` and `reply()`. */
export async function startReceiver(status: () => number, reply: (r: Received) => string = () => "") {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), url: req.url ?? "" };
      got.push(r);
      res.writeHead(status(), { "content-type": "application/json" }).end(reply(r));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    got,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
