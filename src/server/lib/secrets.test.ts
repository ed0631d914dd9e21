import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, loadSecretsKey, parseSecretsKey } from "./secrets.js";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("round-trips and never repeats a ciphertext", () => {
    const a = box.seal("ya29.refresh-token");
    const b = box.seal("ya29.refresh-token");
    expect(a).not.toBe(b);
    expect(a).not.toContain("refresh");
    expect(box.open(a)).toBe("ya29.refresh-token");
    expect(box.open(b)).toBe("ya29.refresh-token");
  });

  it("refuses a tampered value and another key's value", () => {
    const sealed = box.seal("app-password");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open("plain text")).toThrow();
  });
});

describe("secrets key", () => {
  it("takes 64 hex digits or base64 of 32 bytes, and nothing shorter", () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseSecretsKey("password")).toThrow(/SECRETS_KEY/);
    expect(() => parseSecretsKey(randomBytes(16).toString("base64"))).toThrow(/SECRETS_KEY/);
  });

  it("generates a key file in DATA_DIR once, private to the owner, and reads it back", () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kairos-secrets-")), "data");
    const first = loadSecretsKey({ secretsKey: null, dataDir });
    const file = path.join(dataDir, "secrets.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey({ secretsKey: null, dataDir }).equals(first)).toBe(true);
    const given = randomBytes(32);
    expect(loadSecretsKey({ secretsKey: given.toString("hex"), dataDir }).equals(given)).toBe(true);
    fs.rmSync(path.dirname(dataDir), { recursive: true });
  });
});
