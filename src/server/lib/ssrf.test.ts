import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { type Connector, checkUrl, forbiddenAddress, guardedRequest, type Resolver } from "./ssrf.js";

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

describe("webhook SSRF guard", () => {
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

  it("with ALLOW_PRIVATE_WEBHOOKS, calls loopback and does not follow redirects", async () => {
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
});
