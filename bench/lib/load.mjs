// Load generator in its own process, so it does not share the server's event loop.
// stdin: JSON { url, method, connections, duration, headers?, bodies? }. With bodies, each request sends
// the next one (distinct bookings). Prints autocannon's result as JSON.
import autocannon from "autocannon";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const o = JSON.parse(input);
let next = 0;
const result = await autocannon({
  url: o.url,
  method: o.method,
  connections: o.connections,
  duration: o.duration,
  headers: { ...(o.headers ?? {}), ...(o.bodies ? { "content-type": "application/json" } : {}) },
  ...(o.bodies
    ? {
        requests: [{ setupRequest: (req) => ({ ...req, body: o.bodies[next++ % o.bodies.length] }) }],
      }
    : {}),
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    status: result.statusCodeStats,
  }),
);
