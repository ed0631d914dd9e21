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
import type { AppMessageId } from "../../lib/app-messages";
import { intlLocale, t } from "../../lib/i18n";
import { CreateKeyForm, RESOURCE_LABELS } from "./CreateKeyForm";
import { type ApiKeyList, type CreatedApiKey, useApiKeys, useRevokeApiKey } from "./queries";

const when = (iso: string | null, none: AppMessageId = "developers.never") =>
  iso ? new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium" }).format(new Date(iso)) : t(none);

const ACCESS_WORDS = { read: "developers.access.read", write: "developers.access.write" } as const;

/** "Bookings (read, write) · Contacts (read)": a key's permissions, one phrase per resource. */
export function describeScopes(scopes: readonly ApiScope[]): string {
  return API_RESOURCES.flatMap((resource) => {
    const access = (["read", "write"] as const).filter((a) => scopes.includes(`${resource}:${a}`));
    return access.length
      ? [
          t("developers.scopes", {
            resource: t(RESOURCE_LABELS[resource]),
            access: access.map((a) => t(ACCESS_WORDS[a])).join(", "),
          }),
        ]
      : [];
  }).join(" · ");
}

type ApiKey = ApiKeyList[number];

function status(key: ApiKey, now: number): { label: AppMessageId; tone: BadgeTone } {
  if (key.revokedAt) return { label: "developers.status.revoked", tone: "red" };
  if (key.expiresAt && Date.parse(key.expiresAt) <= now)
    return { label: "developers.status.expired", tone: "grey" };
  return { label: "developers.status.active", tone: "green" };
}

/** The secret of a key just made: shown here once, with a copy button; the server keeps only its hash. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(created.secret)
      .then(() => toast.success(t("developers.secret.copied")))
      .catch(() => toast.error(t("developers.secret.copyFailed")));
  return (
    <div role="status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="font-medium text-slate-900 text-sm">
        {t("developers.secret.title", { name: created.name })}
      </p>
      <p className="mt-1 text-slate-600 text-sm">{t("developers.secret.text")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="api-key-secret" className="sr-only">
          {t("developers.secret.label")}
        </label>
        <Input
          id="api-key-secret"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy size={14} aria-hidden /> {t("developers.copy")}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t("developers.done")}
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
    <SettingsCard id="developers" title={t("developers.title")} description={t("developers.description")}>
      <p className="-mt-2 mb-5 text-sm">
        <a
          href="/api/v1/docs"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-accent-strong hover:underline"
        >
          {t("developers.reference")} <ExternalLink size={14} aria-hidden />
          <span className="sr-only">{t("developers.newTab")}</span>
        </a>
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm onCreated={setCreated} />

      <h3 className="mt-6 font-medium text-slate-900 text-sm">{t("developers.yourKeys")}</h3>
      {keys.isPending ? (
        <LoadingState label={t("developers.loading")} />
      ) : keys.isError ? (
        <ErrorState variant="inline" title={t("developers.loadFailed")} query={keys} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title={t("developers.none")} className="py-6" />
      ) : (
        <ul
          className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label={t("developers.list")}
        >
          {keys.data.map((key) => {
            const state = status(key, now);
            return (
              <li key={key._id} className="flex items-start gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 font-medium text-slate-900 text-sm">
                    <span className="truncate">{key.name}</span>
                    <Badge tone={state.tone}>{t(state.label)}</Badge>
                  </p>
                  <p className="mt-0.5 font-mono text-slate-600 text-xs">{key.prefix}…</p>
                  <p className="mt-1 text-slate-600 text-xs">{describeScopes(key.scopes)}</p>
                  <p className="mt-1 text-slate-500 text-xs">
                    {t("developers.dates", {
                      created: when(key.createdAt),
                      used: when(key.lastUsedAt, "developers.notYet"),
                      expires: when(key.expiresAt),
                    })}
                  </p>
                </div>
                {!key.revokedAt && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("developers.revokeOf", { name: key.name })}
                    onClick={() => setRevoking(key)}
                  >
                    <Trash2 size={14} aria-hidden /> {t("developers.revoke")}
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
        title={t("developers.revokeTitle", { name: revoking?.name ?? "" })}
        description={t("developers.revokeText")}
        confirmLabel={t("developers.revokeKey")}
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking._id, {
            onSuccess: () => {
              toast.success(t("developers.revoked", { name: revoking.name }));
              setRevoking(null);
            },
            onError: (error) =>
              toast.error(t("developers.revokeFailed"), { description: errorMessage(error) }),
          })
        }
      />
    </SettingsCard>
  );
}
