import { Copy, ExternalLink, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { API_RESOURCES, type ApiScope } from "../../../contract/api-keys";
import { SettingsCard } from "../../components/SettingsCard";
import {
  Badge,
  type BadgeTone,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  LoadingState,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { CreateKeyForm, RESOURCE_LABELS } from "./CreateKeyForm";
import { type ApiKeyList, type CreatedApiKey, useApiKeys, useRevokeApiKey } from "./queries";

const when = (iso: string | null, none = "Never") =>
  iso ? new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(iso)) : none;

/** "Bookings (read, write) · Contacts (read)": a key's permissions, one phrase per resource. */
export function describeScopes(scopes: readonly ApiScope[]): string {
  return API_RESOURCES.flatMap((resource) => {
    const access = (["read", "write"] as const).filter((a) => scopes.includes(`${resource}:${a}`));
    return access.length ? [`${RESOURCE_LABELS[resource]} (${access.join(", ")})`] : [];
  }).join(" · ");
}

type ApiKey = ApiKeyList[number];

function status(key: ApiKey, now: number): { label: string; tone: BadgeTone } {
  if (key.revokedAt) return { label: "Revoked", tone: "red" };
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return { label: "Expired", tone: "grey" };
  return { label: "Active", tone: "green" };
}

/** The secret of a key just made: shown here once, with a copy button; the server keeps only its hash. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(created.secret)
      .then(() => toast.success("API key copied"))
      .catch(() => toast.error("Could not copy: select the key and copy it yourself"));
  return (
    <div role="status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="font-medium text-slate-900 text-sm">Copy your new key “{created.name}” now</p>
      <p className="mt-1 text-slate-600 text-sm">It is shown only once. Keep it secret, like a password.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="api-key-secret" className="sr-only">
          New API key
        </label>
        <Input
          id="api-key-secret"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy size={14} aria-hidden /> Copy
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * Settings > Developers: API keys for the public API (/api/v1) and a link to its reference. A key's
 * secret is shown once; revoking takes effect at once.
 */
export function DevelopersSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const now = Date.now();

  return (
    <SettingsCard
      id="developers"
      title="Developers"
      description="API keys let your own code and other apps use the Kairos API on your behalf, with only the permissions you give them."
    >
      <p className="-mt-2 mb-5 text-sm">
        <a
          href="/api/v1/docs"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-accent-strong hover:underline"
        >
          API reference <ExternalLink size={14} aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm onCreated={setCreated} />

      <h3 className="mt-6 font-medium text-slate-900 text-sm">Your keys</h3>
      {keys.isPending ? (
        <LoadingState label="Loading API keys" />
      ) : keys.isError ? (
        <ErrorState variant="inline" title="Failed to load your API keys." query={keys} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet" className="py-6" />
      ) : (
        <ul
          className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label="API keys"
        >
          {keys.data.map((key) => {
            const state = status(key, now);
            return (
              <li key={key._id} className="flex items-start gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 font-medium text-slate-900 text-sm">
                    <span className="truncate">{key.name}</span>
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </p>
                  <p className="mt-0.5 font-mono text-slate-600 text-xs">{key.prefix}…</p>
                  <p className="mt-1 text-slate-600 text-xs">{describeScopes(key.scopes)}</p>
                  <p className="mt-1 text-slate-500 text-xs">
                    Created {when(key.createdAt)} · Last used {when(key.lastUsedAt, "not yet")} · Expires{" "}
                    {when(key.expiresAt)}
                  </p>
                </div>
                {!key.revokedAt && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
                  >
                    <Trash2 size={14} aria-hidden /> Revoke
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Apps using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking._id, {
            onSuccess: () => {
              toast.success(`${revoking.name} revoked`);
              setRevoking(null);
            },
            onError: (error) => toast.error("Could not revoke", { description: errorMessage(error) }),
          })
        }
      />
    </SettingsCard>
  );
}
