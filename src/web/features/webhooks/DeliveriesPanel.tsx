import { ChevronDown, ChevronRight, RotateCcw, Send } from "lucide-react";
import { useState } from "react";
import {
  Badge,
  type BadgeTone,
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { hourCycle } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";
import { useDeliveries, useResend, type WebhookDelivery } from "./queries";

const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: "medium",
    timeStyle: "medium",
    hourCycle: hourCycle(),
  }).format(new Date(iso));

const TONES: Record<WebhookDelivery["status"], BadgeTone> = {
  delivered: "green",
  failed: "red",
  pending: "amber",
};

function statusText(d: WebhookDelivery): string {
  if (d.status === "pending")
    return d.attempts === 0
      ? t("webhooks.deliveries.queued")
      : t("webhooks.deliveries.retrying", { count: d.attempts });
  const code = d.responseStatus ? `${d.responseStatus}` : t("webhooks.deliveries.noAnswer");
  return d.status === "delivered" ? code : t("webhooks.deliveries.failed", { code });
}

/** Pretty JSON when it is JSON, else the text as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A scrollable block of text; it takes focus so keyboards can scroll it. */
function ScrollBox({ label, text, maxHeight }: { label: string; text: string; maxHeight: string }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so keyboards can scroll it
      tabIndex={0}
      aria-label={label}
      className={`mt-1 ${maxHeight} overflow-auto rounded bg-slate-50 p-2 focus-visible:outline-2 focus-visible:outline-accent`}
    >
      <pre className="whitespace-pre-wrap break-words text-slate-800 text-xs">{text}</pre>
    </section>
  );
}

function DeliveryRow({ subscriptionId, delivery }: { subscriptionId: string; delivery: WebhookDelivery }) {
  const [open, setOpen] = useState(false);
  const resend = useResend();
  const last = delivery.attemptLog.at(-1);
  const panelId = `delivery-${delivery._id}`;
  return (
    <li className="px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 rounded text-start focus-visible:outline-2 focus-visible:outline-accent"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? (
            <ChevronDown size={14} aria-hidden />
          ) : (
            <ChevronRight size={14} aria-hidden className="rtl:rotate-180" />
          )}
          <code className="truncate text-slate-900 text-xs">{delivery.eventType}</code>
          <span className="text-slate-500 text-xs">{when(delivery.createdAt)}</span>
        </button>
        <Badge tone={TONES[delivery.status]} data-testid="delivery-status">
          {statusText(delivery)}
        </Badge>
        {last?.durationMs != null && (
          <span className="text-slate-500 text-xs">{`${last.durationMs} ms`}</span>
        )}
        <Button
          variant="ghost"
          size="sm"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { id: subscriptionId, deliveryId: delivery._id },
              {
                onSuccess: () => toast.success(t("webhooks.deliveries.requeued")),
                onError: (error) =>
                  toast.error(t("webhooks.deliveries.resendFailed"), { description: errorMessage(error) }),
              },
            )
          }
        >
          <RotateCcw size={14} aria-hidden /> {t("webhooks.deliveries.resend")}
        </Button>
      </div>
      {open && (
        <div id={panelId} className="mt-2 grid gap-3">
          <div>
            <h5 className="font-medium text-slate-700 text-xs">
              {t("webhooks.deliveries.request")}{" "}
              <span className="font-normal text-slate-500">{`webhook-id ${delivery.eventId}`}</span>
            </h5>
            <ScrollBox
              label={t("webhooks.deliveries.requestBody")}
              text={pretty(delivery.requestBody)}
              maxHeight="max-h-60"
            />
          </div>
          <div>
            <h5 className="font-medium text-slate-700 text-xs">{t("webhooks.deliveries.attempts")}</h5>
            {delivery.attemptLog.length === 0 ? (
              <p className="mt-1 text-slate-500 text-xs">{t("webhooks.deliveries.notTried")}</p>
            ) : (
              <ol className="mt-1 grid gap-2">
                {delivery.attemptLog.map((a) => (
                  <li key={a.attempt} className="rounded border border-slate-200 p-2 text-xs">
                    <p className="text-slate-700">
                      #{a.attempt} · {when(a.at)} ·{" "}
                      {a.responseStatus ?? t("webhooks.deliveries.noAnswerLower")}
                      {a.durationMs != null && ` · ${a.durationMs} ms`}
                    </p>
                    {a.error && <p className="text-red-700">{a.error}</p>}
                    {a.responseBody ? (
                      <ScrollBox
                        label={t("webhooks.deliveries.responseBody", { n: a.attempt })}
                        text={pretty(a.responseBody)}
                        maxHeight="max-h-40"
                      />
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/** One subscription's delivery log, latest first (the last 50), each expandable; Resend on each. */
export function DeliveriesPanel({ subscriptionId }: { subscriptionId: string }) {
  const deliveries = useDeliveries(subscriptionId);
  return (
    <section aria-label={t("webhooks.deliveries.title")} className="mt-3">
      <h4 className="font-medium text-slate-900 text-sm">{t("webhooks.deliveries.title")}</h4>
      {deliveries.isPending ? (
        <LoadingState label={t("webhooks.deliveries.loading")} />
      ) : deliveries.isError ? (
        <ErrorState variant="inline" title={t("webhooks.deliveries.loadFailed")} query={deliveries} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState
          icon={Send}
          title={t("webhooks.deliveries.none")}
          description={t("webhooks.deliveries.noneText")}
          className="py-6"
        />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {deliveries.data.map((d) => (
            <DeliveryRow key={d._id} subscriptionId={subscriptionId} delivery={d} />
          ))}
        </ul>
      )}
    </section>
  );
}
