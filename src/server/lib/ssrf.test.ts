import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  type Connector,
  checkUrl,
  createGuardedFetch,
  forbiddenAddress,
  guardedRequest,
  isMetadataAddress,
  type Resolver,
} from "./ssrf.js";

const request = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: "{}",
  timeoutMs: 10_000,
};

/** A connector and a resolver that record calls and never touch the network. */
function recorders(answers: Record<string, string[]> = {}) {
  const connected: string[] = [];
  const resolved: string[] = [];
  const connect: Connector = async (target) => {
    connected.push(target.address);
    return { status: 204, body: "" };
  };
  const resolve: Resolver = async (hostname) => {
    resolved.push(hostname);
    const list = answers[hostname];
    if (!list) throw new Error("ENOTFOUND");
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { connected, resolved, connect, resolve };
}

describe("SSRF guard of user-typed addresses", () => {
  const refused = [
    "http://127.0.0.1/hook",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://0/",
    "http://0.0.0.0:8080/",
    "http://[::]/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:10.1.2.3]/",
    "http://[64:ff9b::a00:1]/",
    "http://10.0.0.5/",
    "http://172.16.3.4/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://255.255.255.255/",
  ];

  it.each(refused)("refuses %s before any lookup or connection", async (url) => {
    const r = recorders();
    await expect(guardedRequest(url, request, { allowPrivate: false, ...r })).rejects.toThrow(
      /private or local addresses/,
    );
    expect(r.connected).toEqual([]);
    expect(r.resolved).toEqual([]);
  });

  it("refuses names whose DNS answers include a private address", async () => {
    const r = recorders({
      "localhost.example": ["127.0.0.1"],
      "mixed.example": ["93.184.216.34", "10.0.0.1"],
      "v6.example": ["::1"],
      "mapped.example": ["::ffff:192.168.0.1"],
    });
    for (const host of ["localhost.example", "mixed.example", "v6.example", "mapped.example"]) {
      await expect(
        guardedRequest(`https://${host}/x`, request, { allowPrivate: false, ...r }),
      ).rejects.toThrow(/private or local/);
    }
    expect(r.connected).toEqual([]);
  });

  it("connects to the address it checked, once, for a public name", async () => {
    const r = recorders({ "hooks.example": ["93.184.216.34"] });
    const res = await guardedRequest("https://hooks.example/in", request, { allowPrivate: false, ...r });
    expect(res.status).toBe(204);
    expect(r.resolved).toEqual(["hooks.example"]);
    expect(r.connected).toEqual(["93.184.216.34"]);
  });

  it("refuses other schemes, credentials in the URL and names that do not resolve", async () => {
    const r = recorders();
    await expect(checkUrl("ftp://93.184.216.34/", { allowPrivate: false, ...r })).rejects.toThrow(/http/);
    await expect(checkUrl("http://u:p@93.184.216.34/", { allowPrivate: false, ...r })).rejects.toThrow(
      /credentials/,
    );
    await expect(checkUrl("http://nowhere.example/", { allowPrivate: false, ...r })).rejects.toThrow(
      /resolve/,
    );
    await expect(checkUrl("not a url", { allowPrivate: false, ...r })).rejects.toThrow(/valid URL/);
  });

  it("classifies addresses", () => {
    expect(forbiddenAddress("8.8.8.8")).toBeNull();
    expect(forbiddenAddress("2606:4700:4700::1111")).toBeNull();
    expect(forbiddenAddress("172.32.0.1")).toBeNull();
    expect(forbiddenAddress("100.128.0.1")).toBeNull();
    expect(forbiddenAddress("169.254.169.254")).toMatch(/not a public/);
    expect(forbiddenAddress("::ffff:8.8.8.8")).toMatch(/not a public/);
  });

  it("with ALLOW_PRIVATE_TARGETS, calls loopback and does not follow redirects", async () => {
    let followed = 0;
    const target = http.createServer((_req, res) => {
      followed++;
      res.end("should not be reached");
    });
    const hook = http.createServer((_req, res) => {
      const { port } = target.address() as AddressInfo;
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    });
    await Promise.all([
      new Promise<void>((r) => target.listen(0, "127.0.0.1", r)),
      new Promise<void>((r) => hook.listen(0, "127.0.0.1", r)),
    ]);
    try {
      const { port } = hook.address() as AddressInfo;
      const res = await guardedRequest(`http://127.0.0.1:${port}/hook`, request, { allowPrivate: true });
      expect(res.status).toBe(302);
      expect(followed).toBe(0);
    } finally {
      hook.close();
      target.close();
    }
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const { port } = silent.address() as AddressInfo;
      await expect(
        guardedRequest(`http://127.0.0.1:${port}/`, { ...request, timeoutMs: 200 }, { allowPrivate: true }),
      ).rejects.toThrow(/No answer within/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("refuses cloud metadata addresses always, also with ALLOW_PRIVATE_TARGETS and behind a name", async () => {
    const r = recorders({ "metadata.example": ["169.254.169.254"], "v6meta.example": ["fd00:ec2::254"] });
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://0xa9fea9fe/",
      "http://[::ffff:169.254.169.254]/",
      "http://[fd00:ec2::254]/",
      "http://metadata.example/",
      "http://v6meta.example/",
    ]) {
      await expect(guardedRequest(url, request, { allowPrivate: true, ...r }), url).rejects.toThrow(
        /private or local addresses are not allowed \(.* is a cloud metadata address, refused always\)/,
      );
    }
    expect(r.connected).toEqual([]);
    expect(isMetadataAddress("169.254.169.253")).toBe(false);
    // Other link-local and private addresses are the setting's to allow.
    await expect(checkUrl("http://169.254.1.1/", { allowPrivate: true, ...r })).resolves.toMatchObject({
      address: "169.254.1.1",
    });
  });

  it("says how a self-hoster allows private targets", async () => {
    await expect(checkUrl("http://10.0.0.5/", { allowPrivate: false })).rejects.toThrow(
      "Calls to private or local addresses are not allowed (10.0.0.5 is not a public address). A self-hosted server allows them with ALLOW_PRIVATE_TARGETS=true.",
    );
  });

  it("cuts off a receiver that trickles its answer at the deadline (a total deadline, not an idle one)", async () => {
    const trickling = trickler();
    const port = await trickling.listen();
    try {
      const started = Date.now();
      await expect(
        guardedRequest(`http://127.0.0.1:${port}/`, { ...request, timeoutMs: 600 }, { allowPrivate: true }),
      ).rejects.toThrow(/No answer within 0.6 s/);
      expect(Date.now() - started).toBeLessThan(2500);
      // It was answering all along: only a total deadline ends this.
      expect(trickling.bytesSent()).toBeGreaterThan(1);
    } finally {
      trickling.close();
    }
  });
});

/** A loopback server that answers 200 at once and then sends one byte every 100 ms for 8 seconds. */
function trickler() {
  let sent = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.flushHeaders();
    let left = 80;
    const timer = setInterval(() => {
      if (left-- <= 0 || res.destroyed) {
        clearInterval(timer);
        res.end();
        return;
      }
      sent++;
      res.write("x");
    }, 100);
    timers.add(timer);
  });
  return {
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, "127.0.0.1", () => r((server.address() as AddressInfo).port)),
      ),
    bytesSent: () => sent,
    close() {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("guarded fetch (CalDAV's requests)", () => {
  const init = { method: "PROPFIND", headers: { authorization: "Basic abc" }, body: "<x/>" };

  it("checks every redirect it follows after resolving it, and connects to checked addresses only", async () => {
    const r = recorders({
      "dav.example": ["93.184.216.34"],
      "moved.example": ["93.184.216.35"],
      "inside.example": ["10.0.0.7"],
    });
    const hops: Record<string, { status: number; location?: string }> = {
      "93.184.216.34": { status: 301, location: "https://moved.example/dav/" },
      "93.184.216.35": { status: 207 },
    };
    const connect: Connector = async (target, req) => {
      r.connected.push(`${target.address} ${req.method} ${req.headers.authorization ?? "-"}`);
      const hop = hops[target.address] ?? { status: 200 };
      const headers: Record<string, string> = hop.location ? { location: hop.location } : {};
      return { status: hop.status, body: "<ok/>", headers };
    };
    const guarded = createGuardedFetch({
      allowPrivate: false,
      resolve: r.resolve,
      connect,
      timeoutMs: 1000,
      maxResponseBytes: 1024,
    });
    const res = await guarded("https://dav.example/", init);
    expect(res.status).toBe(207);
    expect(res.url).toBe("https://moved.example/dav/");
    expect(await res.text()).toBe("<ok/>");
    // Credentials stay with the origin they were given for.
    expect(r.connected).toEqual(["93.184.216.34 PROPFIND Basic abc", "93.184.216.35 PROPFIND -"]);

    hops["93.184.216.34"] = { status: 302, location: "http://inside.example/" };
    r.connected.length = 0;
    await expect(guarded("https://dav.example/", init)).rejects.toThrow(/private or local addresses/);
    hops["93.184.216.34"] = { status: 307, location: "http://[::ffff:127.0.0.1]:5232/" };
    await expect(guarded("https://dav.example/", init)).rejects.toThrow(/private or local addresses/);
    expect(r.connected).toEqual(["93.184.216.34 PROPFIND Basic abc", "93.184.216.34 PROPFIND Basic abc"]);

    // With private targets allowed, a redirect to the metadata address is still refused.
    const allowing = createGuardedFetch({
      allowPrivate: true,
      resolve: r.resolve,
      connect,
      timeoutMs: 1000,
      maxResponseBytes: 1024,
    });
    hops["93.184.216.34"] = { status: 302, location: "http://169.254.169.254/latest/" };
    await expect(allowing("https://dav.example/", init)).rejects.toThrow(/cloud metadata/);
    // "manual" hands the redirect to the caller (tsdav's discovery), which fetches the next URL itself.
    const manual = await allowing("https://dav.example/", { ...init, redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("http://169.254.169.254/latest/");
  });

  it("ends a trickling answer at the deadline", async () => {
    const trickling = trickler();
    const port = await trickling.listen();
    try {
      const guarded = createGuardedFetch({ allowPrivate: true, timeoutMs: 600, maxResponseBytes: 1024 });
      const started = Date.now();
      await expect(guarded(`http://127.0.0.1:${port}/`, { method: "REPORT" })).rejects.toThrow(
        /No answer within/,
      );
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      trickling.close();
    }
  });
});
