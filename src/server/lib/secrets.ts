import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Secrets at rest (OAuth tokens, CalDAV passwords): AES-256-GCM with a random 96-bit nonce per value.
 * Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url), so a later key or algorithm can be told apart.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_FILE = "secrets.key";

/** A key given as 64 hex digits or as base64 of 32 bytes; anything else is refused, never stretched. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  const decoded = Buffer.from(value, "base64");
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(value)) return decoded;
  throw new Error("SECRETS_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)");
}

/**
 * SECRETS_KEY when set; otherwise `secrets.key` in DATA_DIR, generated (mode 0600) on first start.
 * Losing that file makes stored tokens unreadable: hosts then reconnect their calendars.
 */
export function loadSecretsKey(options: { secretsKey: string | null; dataDir: string }): Buffer {
  if (options.secretsKey) return parseSecretsKey(options.secretsKey);
  const file = path.join(options.dataDir, KEY_FILE);
  try {
    return parseSecretsKey(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // wx: two processes starting at once must not both write a key; the loser reads the winner's.
    fs.writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return parseSecretsKey(fs.readFileSync(file, "utf8"));
  }
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("AES-256-GCM needs a 32-byte key");
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return `v1.${parts.join(".")}`;
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split(".");
      if (version !== "v1" || nonce === undefined || tag === undefined || body === undefined) {
        throw new Error("Not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
      return plain.toString("utf8");
    },
  };
}
