import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import type { IdentityView } from "../../../contract/auth";
import type { AnswerData } from "../../../contract/responses/shared";
import type { authResponses } from "../../../contract/responses/users";
import { Badge, Button, Card, ConfirmDialog, ErrorState, LoadingState, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { intlLocale, t } from "../../lib/i18n";
import { useOAuthPopup } from "../../lib/oauthPopup";
import { ProviderMark } from "./ProviderMark";
import { type SsoProvider, ssoFlow, useSsoProviders } from "./providers";

export const identitiesKey = ["auth-identities"] as const;

type IdentitiesAnswer = AnswerData<typeof authResponses.identities>;

const day = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium" }).format(new Date(iso));

/**
 * "Sign-in methods" of the account: the password (set or not) and each linked Google or SSO account,
 * removable while another way in remains; buttons link another provider through the popup.
 */
export function SignInMethodsSection() {
  const queryClient = useQueryClient();
  const methods = useQuery({
    queryKey: identitiesKey,
    queryFn: () => api.get<IdentitiesAnswer>("/auth/identities"),
  });
  const providers = useSsoProviders();
  const [removing, setRemoving] = useState<IdentityView | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/auth/identities/${id}`),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: identitiesKey });
      toast.success(t("auth.methods.removed"));
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(t("auth.methods.removeFailed"), { description: errorMessage(error) });
    },
  });

  const data = methods.data;
  const onlyOne = !!data && !data.hasPassword && data.identities.length === 1;

  return (
    <section id="sign-in-methods" aria-labelledby="sign-in-methods-title" className="scroll-mt-20">
      <Card className="p-5 sm:p-6">
        <h2 id="sign-in-methods-title" className="font-semibold text-base text-slate-900">
          {t("auth.methods.title")}
        </h2>
        <p className="mt-1 text-slate-500 text-sm">{t("auth.methods.description")}</p>
        <div className="mt-5">
          {methods.isPending ? (
            <LoadingState label={t("auth.methods.loading")} />
          ) : methods.isError || !data ? (
            <ErrorState variant="inline" title={t("auth.methods.loadFailed")} query={methods} />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              <li className="flex items-center gap-3 px-4 py-3">
                <KeyRound size={18} aria-hidden className="shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1">
                  <div className="font-medium text-slate-900 text-sm">{t("auth.password")}</div>
                  <div className="text-slate-500 text-xs">
                    {data.hasPassword ? t("auth.methods.passwordOn") : t("auth.methods.noPassword")}
                  </div>
                </div>
                <Badge tone={data.hasPassword ? "green" : "grey"}>
                  {data.hasPassword ? t("auth.methods.set") : t("auth.methods.notSet")}
                </Badge>
              </li>
              {data.identities.map((identity) => (
                <li key={identity._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <ProviderMark id={identity.provider} label={identity.providerLabel} />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium text-slate-900 text-sm">{identity.providerLabel}</div>
                    <div className="truncate text-slate-500 text-xs">
                      {t("auth.methods.detail", {
                        email: identity.email ?? t("auth.methods.noEmail"),
                        linked: day(identity.createdAt),
                        used: day(identity.lastUsedAt),
                      })}
                    </div>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={onlyOne}
                    title={onlyOne ? t("auth.methods.lastOne") : undefined}
                    aria-label={t("auth.methods.removeLabel", {
                      provider: identity.providerLabel,
                      email: identity.email ?? t("auth.methods.noEmailShort"),
                    })}
                    onClick={() => setRemoving(identity)}
                  >
                    {t("auth.methods.remove")}
                  </Button>
                </li>
              ))}
              {data.identities.length === 0 && (
                <li className="px-4 py-3 text-slate-500 text-sm">{t("auth.methods.none")}</li>
              )}
            </ul>
          )}
          {onlyOne && <p className="mt-3 text-slate-500 text-xs">{t("auth.methods.lastOne")}</p>}
          {data && (providers.data?.length ?? 0) > 0 && (
            <div className="mt-5 flex flex-wrap gap-2">
              {providers.data?.map((p) => (
                <LinkButton key={p.id} provider={p} />
              ))}
            </div>
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("auth.methods.removeTitle", { provider: removing?.providerLabel ?? "" })}
        description={t("auth.methods.removeText", {
          account: removing?.email ?? t("auth.methods.thisAccount"),
        })}
        confirmLabel={t("auth.methods.remove")}
        busyLabel={t("auth.methods.removing")}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id)}
      />
    </section>
  );
}

function LinkButton({ provider }: { provider: SsoProvider }) {
  const queryClient = useQueryClient();
  const popup = useOAuthPopup({
    flow: ssoFlow(provider.id),
    onSuccess() {
      void queryClient.invalidateQueries({ queryKey: identitiesKey });
      toast.success(t("auth.methods.linked", { label: provider.label }));
    },
    onError: (message) =>
      toast.error(t("auth.methods.linkFailed", { label: provider.label }), { description: message }),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      loading={popup.connecting}
      onClick={() =>
        popup.start(
          api
            .post<{ authUrl: string }>(`/auth/${provider.id}/start`, { intent: "link" })
            .then((d) => d.authUrl),
        )
      }
    >
      {!popup.connecting && <ProviderMark id={provider.id} label={provider.label} />}
      {popup.connecting
        ? t("auth.connecting", { label: provider.label })
        : t("auth.methods.link", { label: provider.label })}
    </Button>
  );
}
