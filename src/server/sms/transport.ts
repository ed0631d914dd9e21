import { parsePhoneNumberFromString } from "libphonenumber-js";

export interface SmsMessage {
  /** E.164, e.g. +14155550123. */
  to: string;
  body: string;
}

export interface SmsTransport {
  /** "twilio" sends; "log" only writes the message to the log (SMS_URL not set). */
  kind: "twilio" | "log";
  /** Resolves with the provider's message id; throws with the provider's reason. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/**
 * A number in E.164, or null. Booking forms keep digits only, so a number without a leading "+" is
 * read as already carrying its country code.
 */
export function toE164(raw: string): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  const withPlus = trimmed.startsWith("+") ? trimmed : `+${trimmed.replace(/\D/g, "")}`;
  const parsed = parsePhoneNumberFromString(withPlus);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Twilio's Messages API, or any server that speaks it: SMS_URL is
 * `https://<AccountSid>:<AuthToken>@api.twilio.com` (the base URL is configurable, e.g. a regional
 * edge or a local fake), SMS_FROM the sending number.
 */
export function createTwilioTransport(smsUrl: string, from: string, timeoutMs = 10_000): SmsTransport {
  const url = new URL(smsUrl);
  const sid = decodeURIComponent(url.username);
  const token = decodeURIComponent(url.password);
  if (!sid || !token)
    throw new Error("SMS_URL must carry the account SID and auth token: https://SID:TOKEN@host");
  const base = `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  return {
    kind: "twilio",
    async send(message) {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.body }).toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let json: { sid?: string; message?: string; code?: number } = {};
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: the status line says enough.
      }
      if (res.status !== 201 && res.status !== 200) {
        throw new Error(`SMS gateway answered ${res.status}${json.message ? `: ${json.message}` : ""}`);
      }
      return { id: json.sid ?? "" };
    },
  };
}

/** Without SMS_URL messages are logged (like mail without SMTP_URL), never silently dropped. */
export function createLogTransport(log: { info(obj: object, msg: string): void }): SmsTransport {
  return {
    kind: "log",
    async send(message) {
      log.info({ to: message.to, body: message.body }, "sms (SMS_URL not set, not sent)");
      return { id: "" };
    },
  };
}
