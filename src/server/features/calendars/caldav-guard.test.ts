import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connector, httpConnector, type Resolver } from "../../lib/ssrf.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

const NOW = new Date("2027-03-01T08:00:00Z");

/**
 * The SSRF guard on CalDAV addresses. Names are answered by an injected resolver and off-machine
 * addresses are judged at save time only: every connection these tests allow goes to 127.0.0.1.
 */
describe.each(dbKinds)("CalDAV addresses pass the SSRF guard on %s", (kind) => {
  let guarded: TestApp;
  let selfHosted: TestApp;
  let radicale: RadicaleServer;
  const names = new Map<string, string>();
  const connected: string[] = [];
  const resolve: Resolver = async (hostname) => {
    const address = names.get(hostname);
    if (!address) throw new Error("ENOTFOUND");
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
  /** Records every connection and makes it only to loopback: nothing can leave the machine. */
  const connect: Connector = (target, request) => {
    connected.push(target.address);
    if (target.address !== "127.0.0.1") throw new Error(`test refused to connect to ${target.address}`);
    return httpConnector(target, request);
  };

  beforeAll(async () => {
    radicale = await startRadicale();
    await radicale.makeCalendar("work", "Work");
    guarded = await createTestApp(kind, {
      now: () => NOW,
      outboundResolver: resolve,
      outboundConnector: connect,
    });
    selfHosted = await createTestApp(kind, {
      now: () => NOW,
      config: { allowPrivateTargets: true },
      outboundResolver: resolve,
      outboundConnector: connect,
      // Long enough for Radicale on a loaded machine (CI saw 800 ms run out); the trickler below sends
      // for 10 s, so a cut well before that still proves the deadline is total.
      calendars: { caldavTimeoutMs: 2500, busyOptions: { ttlMs: 0, sourcesTtlMs: 0, timeoutMs: 3000 } },
    });
  }, 120_000);
  afterAll(async () => {
    await guarded?.close();
    await selfHosted?.close();
    await radicale?.close();
  });

  const connectCaldav = async (t: TestApp, host: Host, serverUrl: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calendar-accounts/caldav",
      headers: bearer(host.token),
      payload: { serverUrl, username: radicale.username, password: radicale.password },
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const accounts = async (t: TestApp, host: Host) =>
    (await t.app.inject({ method: "GET", url: "/api/calendar-accounts", headers: bearer(host.token) })).json()
      .data;

  it("refuses a loopback CalDAV server without ALLOW_PRIVATE_TARGETS, before any request, saving nothing", async () => {
    const host = await hostIn(guarded.app, "Europe/London");
    connected.length = 0;
    for (const url of [radicale.url, `http://localhost.test:${new URL(radicale.url).port}/`]) {
      names.set("localhost.test", "127.0.0.1");
      const res = await connectCaldav(guarded, host, url);
      expect(res.status, res.raw).toBe(400);
      expect(res.body.errorCode).toBe("ADDRESS_NOT_ALLOWED");
      expect(res.body.errors.serverUrl).toMatch(
        /^Calls to private or local addresses are not allowed \(127\.0\.0\.1 is not a public address\)\. .*ALLOW_PRIVATE_TARGETS=true/,
      );
    }
    expect(connected).toEqual([]);
    expect(await accounts(guarded, host)).toEqual([]);
  });

  it("judges private and metadata addresses at save time, after DNS, without connecting", async () => {
    names.set("nextcloud.office.example", "10.1.2.3");
    names.set("metadata.example", "169.254.169.254");
    const host = await hostIn(guarded.app, "Europe/London");
    connected.length = 0;
    const privateOne = await connectCaldav(guarded, host, "https://nextcloud.office.example/remote.php/dav");
    expect(privateOne.status).toBe(400);
    expect(privateOne.body.errors.serverUrl).toMatch(/10\.1\.2\.3 is not a public address/);
    // The setting lets a self-hoster reach their own network, never the cloud's metadata service.
    const other = await hostIn(selfHosted.app, "Europe/London");
    for (const url of [
      "http://metadata.example/",
      "http://169.254.169.254/latest/",
      "http://[fd00:ec2::254]/",
    ]) {
      const res = await connectCaldav(selfHosted, other, url);
      expect(res.status, url).toBe(400);
      expect(res.body.errors.serverUrl, url).toMatch(/cloud metadata address, refused always/);
    }
    expect(connected).toEqual([]);
  });

  it("checks again at every later request: a name that now resolves to the metadata address is refused", async () => {
    const port = new URL(radicale.url).port;
    names.set("dav.home.test", "127.0.0.1");
    const host = await hostIn(selfHosted.app, "Europe/London");
    const res = await connectCaldav(selfHosted, host, `http://dav.home.test:${port}/`);
    expect(res.status, res.raw).toBe(201);
    // The name is answered differently now (DNS rebinding): the booking's write must not follow it.
    names.set("dav.home.test", "169.254.169.254");
    connected.length = 0;
    const et = await eventType(selfHosted.app, host);
    const booked = await selfHosted.app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: { eventTypeId: et._id, startTime: "2027-03-09T10:00:00.000Z", attendee: attendee() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await selfHosted.app.jobs.flush();
    const state = await selfHosted.app.inject({
      method: "GET",
      url: `/api/calendar-sync?bookingIds=${booked.json().data._id}`,
      headers: bearer(host.token),
    });
    expect(state.json().data[booked.json().data._id]).toMatchObject({
      state: "failed",
      lastError: expect.stringMatching(/cloud metadata address, refused always/),
    });
    expect(connected).toEqual([]);
  });

  it("cuts a CalDAV server that trickles its answer off at the deadline", async () => {
    let sent = 0;
    const trickler = http.createServer((_req, res) => {
      res.writeHead(207, { "content-type": "application/xml" });
      res.flushHeaders();
      const timer = setInterval(() => {
        if (res.destroyed || sent > 100) return clearInterval(timer);
        sent++;
        res.write(" ");
      }, 100);
    });
    await new Promise<void>((r) => trickler.listen(0, "127.0.0.1", r));
    try {
      const host = await hostIn(selfHosted.app, "Europe/London");
      const started = Date.now();
      const res = await connectCaldav(
        selfHosted,
        host,
        `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/`,
      );
      expect(Date.now() - started).toBeLessThan(6000);
      expect(res.status).toBe(400);
      expect(res.body.errors.serverUrl).toMatch(/did not answer in time/);
      expect(sent).toBeGreaterThan(1);
    } finally {
      trickler.closeAllConnections();
      trickler.close();
    }
  });
});
