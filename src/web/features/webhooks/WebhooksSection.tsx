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
              () => toast.success("Secret copied"),
              () => toast.error("Could not copy"),
            )
          }
        >
          Copy
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
  const fail = (what: string) => (error: unknown) => toast.error(what, { description: errorMessage(error) });

  return (
    <li className="px-4 py-3" aria-label={sub.url}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900 text-sm">{sub.url}</p>
          <p className="text-slate-500 text-xs">
            {sub.events.join(", ")} · secret {sub.secretHint}
          </p>
        </div>
        {sub.active ? (
          <Badge tone="green">Active</Badge>
        ) : sub.disabledReason ? (
          <Badge tone="red">Switched off</Badge>
        ) : (
          <Badge>Paused</Badge>
        )}
        <Switch
          aria-label={`Send events to ${sub.url}`}
          checked={sub.active}
          disabled={update.isPending}
          onCheckedChange={(on) =>
            update.mutate(
              { id: sub._id, body: { active: on } },
              {
                onSuccess: () => toast.success(on ? "Webhook switched on" : "Webhook paused"),
                onError: fail("Could not save"),
              },
            )
          }
        />
      </div>
      {sub.disabledReason && (
        <p className="mt-2 rounded bg-red-50 px-3 py-2 text-red-800 text-sm" role="status">
          {sub.disabledReason} ({WEBHOOK_DISABLE_AFTER} is the limit). Check the receiver, then switch it on
          again.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <Pencil size={14} aria-hidden /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          loading={test.isPending}
          disabled={!sub.active}
          onClick={() =>
            test.mutate(sub._id, {
              onSuccess: () => {
                toast.success("Test event queued");
                setShowLog(true);
              },
              onError: fail("Could not send the test event"),
            })
          }
        >
          <Send size={14} aria-hidden /> Send test event
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          {showLog ? "Hide deliveries" : "Deliveries"}
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
                  onError: fail("Could not reveal"),
                })
          }
        >
          <Eye size={14} aria-hidden /> {secret ? "Hide secret" : "Reveal secret"}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setRotating(true)}>
          <KeyRound size={14} aria-hidden /> Rotate secret
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
          <Trash2 size={14} aria-hidden /> Delete
        </Button>
      </div>
      {secret && (
        <SecretBox
          secret={secret}
          note="Your receiver verifies each delivery with this secret (Standard Webhooks). Keep it private."
        />
      )}
      {showLog && <DeliveriesPanel subscriptionId={sub._id} />}

      <Dialog open={editing} onOpenChange={setEditing}>
        {editing && <WebhookDialog subscription={sub} onDone={() => setEditing(false)} />}
      </Dialog>
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title="Rotate the signing secret?"
        description="The old secret stops working at once: deliveries are signed with the new one only."
        confirmLabel="Rotate"
        tone="primary"
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(sub._id, {
            onSuccess: (s) => {
              setSecret(s.secret);
              setRotating(false);
              toast.success("Signing secret rotated");
            },
            onError: fail("Could not rotate"),
          })
        }
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${sub.url}, and its delivery log is deleted.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(sub._id, {
            onSuccess: () => toast.success("Webhook deleted"),
            onError: fail("Could not delete"),
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
    <SettingsCard
      id="webhooks"
      title="Webhooks"
      description="Send booking and contact events to your own systems. Each POST is signed (Standard Webhooks) and retried if your endpoint fails."
    >
      <Button onClick={() => setAdding(true)}>
        <Plus size={16} aria-hidden /> Add webhook
      </Button>
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding && (
          <WebhookDialog
            onDone={(created) => {
              setAdding(false);
              if (created) {
                setFresh({ id: created._id, secret: created.secret });
                toast.success("Webhook added");
              }
            }}
          />
        )}
      </Dialog>
      <div className="mt-5">
        {list.isPending ? (
          <LoadingState label="Loading webhooks" />
        ) : list.isError ? (
          <ErrorState variant="inline" title="Failed to load your webhooks." query={list} />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title="No webhooks yet"
            description="Add a URL to receive bookings and contacts as they change."
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Webhooks">
            {list.data.map((sub) => (
              <SubscriptionRow key={sub._id} sub={sub} fresh={fresh?.id === sub._id ? fresh.secret : null} />
            ))}
          </ul>
        )}
      </div>
    </SettingsCard>
  );
}
