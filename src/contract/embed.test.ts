import { describe, expect, it } from "vitest";
import {
  attributionFrom,
  EMBED_EVENTS,
  EMBED_LOADER_PATH,
  EMBED_MESSAGE_TYPE,
  EMBED_MESSAGE_VERSION,
  embedOptionsFrom,
  METADATA_MAX_KEYS,
  originOf,
} from "./embed";

// Websites copy these into their pages: changing one breaks every embed in the wild (issue 25).
describe("the embed contract", () => {
  it("keeps the loader's address, the message envelope and the event names of version 1", () => {
    expect(EMBED_LOADER_PATH).toBe("/embed/v1/embed.js");
    expect([EMBED_MESSAGE_TYPE, EMBED_MESSAGE_VERSION]).toEqual(["kairos", 1]);
    expect(EMBED_EVENTS).toEqual([
      "ready",
      "eventTypeViewed",
      "dateSelected",
      "timeSelected",
      "bookingCreated",
      "bookingRescheduled",
      "bookingCancelled",
      "heightChanged",
      "error",
    ]);
  });

  it("reads the embed options, refusing a frame without a proper embedding origin", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(embedOptionsFrom(q("name=x"))).toBeNull();
    expect(embedOptionsFrom(q("embed=1"))).toBeNull();
    expect(embedOptionsFrom(q("embed=1&embedOrigin=*"))).toBeNull();
    expect(embedOptionsFrom(q("embed=1&embedOrigin=javascript:alert(1)"))).toBeNull();
    expect(embedOptionsFrom(q("embed=1&embedOrigin=https://a.example/path"))).toBeNull();
    const options = embedOptionsFrom(
      q(
        "embed=1&embedOrigin=http://127.0.0.2:8080&embedNs=sales<>&theme=dark&brandColor=%23ff0000&hideDetails=1" +
          "&name=Ada&email=ada@example.com&notes=Hi&guests=a@example.com,%20b@example.com&zone=Europe/Berlin" +
          "&utm_source=mail&metadata[plan]=pro",
      ),
    );
    expect(options).toEqual({
      parentOrigin: "http://127.0.0.2:8080",
      namespace: "sales",
      theme: "dark",
      brandColor: "#ff0000",
      hideDetails: true,
      prefill: {
        name: "Ada",
        email: "ada@example.com",
        phone: undefined,
        notes: "Hi",
        guests: ["a@example.com", "b@example.com"],
      },
      zone: "Europe/Berlin",
      attribution: { utm: { utm_source: "mail" }, metadata: { plan: "pro" } },
    });
    // Only a hex colour: anything else could carry CSS into the page's style.
    for (const colour of ["red", "#ff0000;background:url(x)", "#12345", "rgb(1,2,3)"]) {
      const bad = embedOptionsFrom(
        q(`embed=1&embedOrigin=https://a.example&brandColor=${encodeURIComponent(colour)}`),
      );
      expect(bad?.brandColor, colour).toBeNull();
    }
    expect(embedOptionsFrom(q("embed=1&embedOrigin=https://a.example&theme=neon"))?.theme).toBe("light");
  });

  it("bounds attribution: 20 metadata keys, 500 characters, well-formed keys", () => {
    const many = Array.from({ length: 30 }, (_, i) => `metadata[k${i}]=v`).join("&");
    const got = attributionFrom(
      new URLSearchParams(`${many}&metadata[bad key]=x&utm_term=${"y".repeat(600)}`),
    );
    expect(Object.keys(got?.metadata ?? {})).toHaveLength(METADATA_MAX_KEYS);
    expect(got?.metadata["bad key"]).toBeUndefined();
    expect(got?.utm.utm_term).toHaveLength(500);
    expect(attributionFrom(new URLSearchParams("a=b"))).toBeNull();
  });

  it("knows an origin from an address", () => {
    expect(originOf("https://shop.example")).toBe("https://shop.example");
    expect(originOf("https://shop.example/")).toBe("https://shop.example");
    expect(originOf("https://shop.example/a")).toBeNull();
    expect(originOf("ftp://shop.example")).toBeNull();
    expect(originOf("")).toBeNull();
  });
});
