import { createHash, createHmac, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's baseline parameters (m=19 MiB, t=2, p=1).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** An unguessable opaque token (256 bits), URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A token only the holder of `secret` can compute again (HMAC-SHA256, URL-safe, 256 bits). */
export const derivedToken = (secret: string, purpose: string) =>
  createHmac("sha256", secret).update(purpose).digest("base64url");
