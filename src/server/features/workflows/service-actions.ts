import type {
  EmailConfig,
  SmsConfig,
  TemplateVariable,
  WebhookConfig,
  WorkflowTrigger,
} from "../../../contract/workflows.js";
import { meetingInfo } from "../../../domain/booking-rules.js";
import { renderTemplate, templateVariables } from "../../../domain/template.js";
import type { NewOutboxMessage } from "../../db/schema/index.js";
import { PermanentJobError } from "../../jobs/runner.js";
import type { SecretBox } from "../../lib/secrets.js";
import type { Connector, Resolver } from "../../lib/ssrf.js";
import { deliverWebhook, openWebhookSecret } from "../../lib/webhook-delivery.js";
import { manageLinks, when } from "../../mail/booking-mails.js";
import { workflowMail } from "../../mail/workflow-mails.js";
import { type SmsTransport, toE164 } from "../../sms/transport.js";
import type { BookingRecord } from "../bookings/index.js";

/** A booking as workflow texts see it; `links` only when a text asks for them (they need a fresh token). */
export interface BookingView {
  record: BookingRecord;
  links: { view: string; reschedule: string; cancel: string } | null;
}

export interface ActionEnv {
  publicUrl: string;
  allowPrivateTargets: boolean;
  sms: SmsTransport;
  /** Seals webhook signing secrets at rest, as calendar tokens are. */
  secrets: SecretBox;
  resolve?: Resolver;
  connect?: Connector;
}

/** The variables for one recipient: times on that recipient's wall clock. */
export function variablesFor(view: BookingView, zone: string): Record<TemplateVariable, string> {
  const b = view.record.booking;
  const start = when(b.startTime, zone);
  const end = when(b.endTime, zone);
  const info = meetingInfo(b.location);
  return {
    attendee_name: b.attendeeName,
    attendee_email: b.attendeeEmail,
    attendee_phone: b.attendeePhone ? (toE164(b.attendeePhone) ?? b.attendeePhone) : "",
    event_name: view.record.eventType?.title ?? b.eventTitle,
    event_date: start.date,
    start_time: `${start.date}, ${start.time}`,
    event_time: start.time,
    end_time: end.time,
    timezone: zone,
    meeting_link: info.meetingLink ?? "",
    location: b.location
      ? b.location.value
        ? `${b.location.displayName}: ${b.location.value}`
        : b.location.displayName
      : "",
    host_name: view.record.host.name,
    host_email: view.record.host.email,
    cancel_link: view.links?.cancel ?? "",
    reschedule_link: view.links?.reschedule ?? "",
    cancel_reason: b.cancelReason ?? "",
  };
}

/** Whether any text of an action uses a manage link (then a token is minted for it). */
export function needsLinks(texts: string[]): boolean {
  return texts.some((t) => {
    const used = templateVariables(t);
    return used.has("cancel_link") || used.has("reschedule_link");
  });
}

export function linksFor(publicUrl: string, rec: BookingRecord, token: string) {
  return manageLinks(
    publicUrl,
    rec.booking.uid,
    rec.host.username,
    rec.eventType?.slug ?? rec.booking.eventSlug,
    token,
  );
}

type Recipient = { kind: "attendee" | "host"; zone: string };

function recipients(to: "attendee" | "host" | "both", rec: BookingRecord): Recipient[] {
  const list: Recipient[] = [];
  if (to !== "host") list.push({ kind: "attendee", zone: rec.booking.attendeeTimezone });
  if (to !== "attendee") list.push({ kind: "host", zone: rec.booking.hostTimezone });
  return list;
}

/** The mails a send_email action makes (queued through the mail outbox with the run's completion). */
export function emailMessages(
  config: EmailConfig,
  view: BookingView,
  override?: { to: string; zone: string },
): NewOutboxMessage[] {
  const rec = view.record;
  const list = override
    ? [{ address: override.to, zone: override.zone }]
    : recipients(config.to, rec).map((r) => ({
        address: r.kind === "attendee" ? rec.booking.attendeeEmail : rec.host.email,
        zone: r.zone,
      }));
  return list.map(({ address, zone }) => {
    const vars = variablesFor(view, zone);
    return workflowMail(address, renderTemplate(config.subject, vars), renderTemplate(config.body, vars));
  });
}

/** The standard JSON payload: stable id, type, timestamp and the booking. */
export function webhookPayload(
  eventId: string,
  trigger: WorkflowTrigger,
  at: Date,
  view: BookingView,
  workflow: { id: string; name: string },
) {
  const rec = view.record;
  const b = rec.booking;
  const info = meetingInfo(b.location);
  return {
    id: eventId,
    type: trigger,
    timestamp: at.toISOString(),
    workflow: { id: workflow.id, name: workflow.name },
    data: {
      booking: {
        id: b.id,
        uid: b.uid,
        status: b.status === "confirmed" && b.endTime <= at ? "completed" : b.status,
        eventType: {
          id: rec.eventType?.id ?? null,
          name: rec.eventType?.title ?? b.eventTitle,
          slug: rec.eventType?.slug ?? b.eventSlug,
        },
        startTime: b.startTime.toISOString(),
        endTime: b.endTime.toISOString(),
        attendee: {
          name: b.attendeeName,
          email: b.attendeeEmail,
          phone: b.attendeePhone,
          timezone: b.attendeeTimezone,
        },
        host: { name: rec.host.name, email: rec.host.email, timezone: b.hostTimezone },
        location: b.location,
        meetingLink: info.meetingLink,
        cancelReason: b.cancelReason,
        links: view.links,
      },
    },
  };
}

export async function sendWebhook(
  env: ActionEnv,
  config: WebhookConfig,
  storedSecret: string,
  eventId: string,
  defaultBody: string,
  vars: Record<string, string>,
  at: Date,
): Promise<{ responseCode: number; responseMs: number; target: string }> {
  const body = config.body.trim() ? renderTemplate(config.body, vars, "json") : defaultBody;
  const headers: Record<string, string> = {};
  for (const h of config.headers)
    headers[h.key.toLowerCase()] = renderTemplate(h.value, vars).replace(/[\r\n]/g, " ");
  const { responseCode, responseMs, target } = await deliverWebhook(
    { allowPrivate: env.allowPrivateTargets, resolve: env.resolve, connect: env.connect },
    {
      url: config.url,
      method: config.method,
      headers,
      body,
      secret: openWebhookSecret(env.secrets, storedSecret),
      eventId,
      at,
    },
  );
  return { responseCode, responseMs, target };
}

/** Sends a send_sms action; a booking without a valid phone is a permanent failure, not a retry. */
export async function sendSms(
  env: ActionEnv,
  config: SmsConfig,
  view: BookingView,
  override?: { to: string },
): Promise<{ target: string }> {
  const rec = view.record;
  const sends: { to: string; zone: string }[] = [];
  if (override) {
    const to = toE164(override.to);
    if (!to) throw new PermanentJobError("Add your mobile number in E.164 form (+14155550123) to test SMS");
    sends.push({ to, zone: rec.booking.hostTimezone });
  } else {
    for (const r of recipients(config.to, rec)) {
      const raw = r.kind === "attendee" ? rec.booking.attendeePhone : config.hostPhone;
      const to = toE164(raw ?? "");
      if (!to) {
        throw new PermanentJobError(
          r.kind === "attendee"
            ? "The booking has no valid phone number"
            : "The host's phone number is not valid E.164",
        );
      }
      sends.push({ to, zone: r.zone });
    }
  }
  for (const s of sends) {
    await env.sms.send({ to: s.to, body: renderTemplate(config.message, variablesFor(view, s.zone)) });
  }
  return {
    target: sends.map((s) => s.to).join(", ") + (env.sms.kind === "log" ? " (logged: SMS_URL not set)" : ""),
  };
}
