import { Eye, KeyRound, Pencil, Plus, Send, Trash2, Webhook } from "lucide-react";
import { useEffect, useState } from "react";
import { WEBHOOK_DISABLE_AFTER } from "../../../contract/webhooks";
import { SettingsCard } from "../../components/SettingsCard";
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  LoadingState,
  Switch,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { DeliveriesPanel } from "./DeliveriesPanel";
import {
  useDeleteWebhook,
  useRevealSecret,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhooks,
  type WebhookSubscription,
} from "./queries";
import { WebhookDialog } from "./WebhookDialog";

/** The whole signing secret, shown on creation, Reveal and Rotate. */
function SecretBox({ secret, note }: { secret: string; note: string }) {
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="text-amber-900">{note}</p>
      <div className="mt-2 flex items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-slate-900 text-xs"
          data-testid="webhook-secret"
        >
          {secret}
        </code>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => toast.success(t("webhooks.secretCopied")),
              () => toast.error(t("webhooks.copyFailed")),
            )
          }
        >
          {t("webhooks.copy")}
        </Button>
      </div>
    </div>
  );
}

function SubscriptionRow({ sub, fresh }: { sub: WebhookSubscription; fresh: string | null }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(fresh);
  // A subscription just added shows its secret once (the list may have loaded it before).
  useEffect(() => {
    if (fresh) setSecret(fresh);
  }, [fresh]);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const fail = (what: AppMessageId) => (error: unknown) =>
    toast.error(t(what), { description: errorMessage(error) });

  return (
    <li className="px-4 py-3" aria-label={sub.url}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900 text-sm">{sub.url}</p>
          <p className="text-slate-500 text-xs">
            {t("webhooks.row.summary", { events: sub.events.join(", "), hint: sub.secretHint })}
          </p>
        </div>
        {sub.active ? (
          <Badge tone="green">{t("webhooks.row.active")}</Badge>
        ) : sub.disabledReason ? (
          <Badge tone="red">{t("webhooks.row.switchedOff")}</Badge>
        ) : (
          <Badge>{t("webhooks.row.paused")}</Badge>
        )}
        <Switch
          aria-label={t("webhooks.row.sendTo", { url: sub.url })}
          checked={sub.active}
          disabled={update.isPending}
          onCheckedChange={(on) =>
            update.mutate(
              { id: sub._id, body: { active: on } },
              {
                onSuccess: () => toast.success(t(on ? "webhooks.row.switchedOn" : "webhooks.row.pausedDone")),
                onError: fail("webhooks.row.saveFailed"),
              },
            )
          }
        />
      </div>
      {sub.disabledReason && (
        <p className="mt-2 rounded bg-red-50 px-3 py-2 text-red-800 text-sm" role="status">
          {t("webhooks.row.disabled", {
            reason: localizeText(sub.disabledReason),
            limit: WEBHOOK_DISABLE_AFTER,
          })}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <Pencil size={14} aria-hidden /> {t("webhooks.row.edit")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          loading={test.isPending}
          disabled={!sub.active}
          onClick={() =>
            test.mutate(sub._id, {
              onSuccess: () => {
                toast.success(t("webhooks.row.testQueued"));
                setShowLog(true);
              },
              onError: fail("webhooks.row.testFailed"),
            })
          }
        >
          <Send size={14} aria-hidden /> {t("webhooks.row.test")}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          {t(showLog ? "webhooks.row.hideDeliveries" : "webhooks.deliveries.title")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          loading={reveal.isPending}
          onClick={() =>
            secret
              ? setSecret(null)
              : reveal.mutate(sub._id, {
                  onSuccess: (s) => setSecret(s.secret),
                  onError: fail("webhooks.row.revealFailed"),
                })
          }
        >
          <Eye size={14} aria-hidden /> {t(secret ? "webhooks.row.hideSecret" : "webhooks.row.revealSecret")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setRotating(true)}>
          <KeyRound size={14} aria-hidden /> {t("webhooks.row.rotateSecret")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
          <Trash2 size={14} aria-hidden /> {t("webhooks.delete")}
        </Button>
      </div>
      {secret && <SecretBox secret={secret} note={t("webhooks.row.secretNote")} />}
      {showLog && <DeliveriesPanel subscriptionId={sub._id} />}

      <Dialog open={editing} onOpenChange={setEditing}>
        {editing && <WebhookDialog subscription={sub} onDone={() => setEditing(false)} />}
      </Dialog>
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title={t("webhooks.rotate.title")}
        description={t("webhooks.rotate.text")}
        confirmLabel={t("webhooks.rotate.confirm")}
        tone="primary"
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(sub._id, {
            onSuccess: (s) => {
              setSecret(s.secret);
              setRotating(false);
              toast.success(t("webhooks.rotate.done"));
            },
            onError: fail("webhooks.rotate.failed"),
          })
        }
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("webhooks.remove.title")}
        description={t("webhooks.remove.text", { url: sub.url })}
        confirmLabel={t("webhooks.delete")}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(sub._id, {
            onSuccess: () => toast.success(t("webhooks.remove.done")),
            onError: fail("webhooks.remove.failed"),
          })
        }
      />
    </li>
  );
}

/**
 * Settings > Webhooks: URLs that receive booking and contact events, signed with Standard Webhooks
 * headers, retried with backoff, each delivery logged with Resend.
 */
export function WebhooksSection() {
  const list = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [fresh, setFresh] = useState<{ id: string; secret: string } | null>(null);

  return (
    <SettingsCard id="webhooks" title={t("webhooks.title")} description={t("webhooks.description")}>
      <Button onClick={() => setAdding(true)}>
        <Plus size={16} aria-hidden /> {t("webhooks.add")}
      </Button>
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding && (
          <WebhookDialog
            onDone={(created) => {
              setAdding(false);
              if (created) {
                setFresh({ id: created._id, secret: created.secret });
                toast.success(t("webhooks.added"));
              }
            }}
          />
        )}
      </Dialog>
      <div className="mt-5">
        {list.isPending ? (
          <LoadingState label={t("webhooks.loading")} />
        ) : list.isError ? (
          <ErrorState variant="inline" title={t("webhooks.loadFailed")} query={list} />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title={t("webhooks.none")}
            description={t("webhooks.noneText")}
            className="py-6"
          />
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label={t("webhooks.title")}
          >
            {list.data.map((sub) => (
              <SubscriptionRow key={sub._id} sub={sub} fresh={fresh?.id === sub._id ? fresh.secret : null} />
            ))}
          </ul>
        )}
      </div>
    </SettingsCard>
  );
}
