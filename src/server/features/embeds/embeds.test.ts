import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_LOADER_PATH } from "../../../contract/embed.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Issue 25: who may frame the invitees' pages (Settings > Embeds), and the host app that nobody may.
describe.each(dbKinds)("embeds on %s", (kind) => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-embeds-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<p>host app</p>");
    fs.writeFileSync(path.join(webDir, "book.html"), "<p>public app</p>");
    fs.mkdirSync(path.join(webDir, "embed", "v1"), { recursive: true });
    fs.writeFileSync(path.join(webDir, EMBED_LOADER_PATH), "window.Kairos=1;");
    t = await createTestApp(kind, { now: () => NOW, config: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const settings = (host: Host, allowedOrigins?: unknown) =>
    t.app.inject({
      method: allowedOrigins === undefined ? "GET" : "PUT",
      url: "/api/embeds/settings",
      headers: bearer(host.token),
      ...(allowedOrigins === undefined ? {} : { payload: { allowedOrigins } }),
    });
  const framing = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xfo: res.headers["x-frame-options"] };
  };
  async function namedHost(username: string): Promise<Host> {
    const host = await hostIn(t.app, "Europe/Berlin");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/username",
      headers: bearer(host.token),
      payload: { username },
    });
    expect(res.statusCode, res.body).toBe(200);
    return host;
  }

  it("keeps a host's allowed sites as origins, refuses anything else, and shows each host only theirs", async () => {
    const ada = await hostIn(t.app, "Europe/Berlin");
    const bob = await hostIn(t.app, "Europe/Berlin");
    expect((await settings(ada)).json().data).toEqual({ allowedOrigins: [] });
    const saved = await settings(ada, [
      "https://shop.example/",
      "http://127.0.0.2:8080",
      "https://shop.example",
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.allowedOrigins).toEqual(["https://shop.example", "http://127.0.0.2:8080"]);
    for (const bad of [["https://shop.example/path"], ["javascript:alert(1)"], ["shop.example"], ["*"]]) {
      const res = await settings(ada, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await settings(
          ada,
          Array.from({ length: 21 }, (_, i) => `https://s${i}.example`),
        )
      ).statusCode,
    ).toBe(400);
    expect((await settings(ada)).json().data.allowedOrigins).toEqual([
      "https://shop.example",
      "http://127.0.0.2:8080",
    ]);
    expect((await settings(bob)).json().data.allowedOrigins).toEqual([]);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/embeds/settings" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets any site frame the invitees' pages by default, only the host's sites once named, and never the host app", async () => {
    const host = await namedHost(`embed-host-${kind}`);
    const et = await eventType(t.app, host);
    const poll = await eventType(t.app, host, {
      type: "poll",
      fixedTimes: ["2026-10-29T14:00:00.000Z", "2026-10-29T15:00:00.000Z"],
    });
    const team = await t.app.inject({
      method: "POST",
      url: "/api/teams",
      headers: bearer(host.token),
      payload: { name: `Embed Team ${kind}` },
    });
    expect(team.statusCode, team.body).toBe(201);
    const pages = [
      `/embed-host-${kind}`,
      `/embed-host-${kind}/${et.slug}?embed=1`,
      `/book/${et.slug}`,
      `/user/${host.userId}`,
      `/team/${team.json().data.slug}`,
      `/poll/${poll.slug}`,
    ];
    for (const url of [...pages, "/booking-confirmed?uid=x&token=y"]) {
      expect(await framing(url), url).toEqual({ ancestors: "*", xfo: undefined });
    }

    await settings(host, ["https://shop.example"]);
    for (const url of pages) {
      expect(await framing(url), url).toEqual({ ancestors: "'self' https://shop.example", xfo: undefined });
    }
    // Another host's pages keep the default.
    const other = await namedHost(`other-host-${kind}`);
    await eventType(t.app, other);
    expect((await framing(`/other-host-${kind}`)).ancestors).toBe("*");

    for (const url of ["/", "/dashboard", "/settings", "/login"]) {
      expect(await framing(url), url).toEqual({ ancestors: "'none'", xfo: "DENY" });
    }
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(api.headers["x-frame-options"]).toBe("DENY");
  });

  it("serves the loader at its permanent path, loadable from other sites and cached briefly", async () => {
    const res = await t.app.inject({ method: "GET", url: EMBED_LOADER_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    // Everything else stays same-origin.
    const page = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(page.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});
