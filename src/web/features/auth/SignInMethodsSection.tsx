import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import type { IdentityView } from "../../../contract/auth";
import type { AnswerData } from "../../../contract/responses/shared";
import type { authResponses } from "../../../contract/responses/users";
import { Badge, Button, Card, ConfirmDialog, ErrorState, LoadingState, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { useOAuthPopup } from "../../lib/oauthPopup";
import { ProviderMark } from "./ProviderMark";
import { type SsoProvider, ssoFlow, useSsoProviders } from "./providers";

export const identitiesKey = ["auth-identities"] as const;

type IdentitiesAnswer = AnswerData<typeof authResponses.identities>;

const LAST_METHOD =
  "This is your only way to sign in. Set a password or link another account before removing it.";

const day = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(iso));

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
      toast.success("Sign-in method removed");
    },
    onError: (error) => {
      setRemoving(null);
      toast.error("Could not remove that sign-in method", { description: errorMessage(error) });
    },
  });

  const data = methods.data;
  const onlyOne = !!data && !data.hasPassword && data.identities.length === 1;

  return (
    <section id="sign-in-methods" aria-labelledby="sign-in-methods-title" className="scroll-mt-20">
      <Card className="p-5 sm:p-6">
        <h2 id="sign-in-methods-title" className="font-semibold text-base text-slate-900">
          Sign-in methods
        </h2>
        <p className="mt-1 text-slate-500 text-sm">
          Accounts at Google and your organisation's sign-in that open this Kairos account.
        </p>
        <div className="mt-5">
          {methods.isPending ? (
            <LoadingState label="Loading sign-in methods" />
          ) : methods.isError || !data ? (
            <ErrorState variant="inline" title="Failed to load your sign-in methods." query={methods} />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              <li className="flex items-center gap-3 px-4 py-3">
                <KeyRound size={18} aria-hidden className="shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1">
                  <div className="font-medium text-slate-900 text-sm">Password</div>
                  <div className="text-slate-500 text-xs">
                    {data.hasPassword ? "Email and password sign-in is on" : "No password set"}
                  </div>
                </div>
                <Badge tone={data.hasPassword ? "green" : "grey"}>
                  {data.hasPassword ? "Set" : "Not set"}
                </Badge>
              </li>
              {data.identities.map((identity) => (
                <li key={identity._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <ProviderMark id={identity.provider} label={identity.providerLabel} />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium text-slate-900 text-sm">{identity.providerLabel}</div>
                    <div className="truncate text-slate-500 text-xs">
                      {identity.email ?? "No email shared"} · linked {day(identity.createdAt)} · last used{" "}
                      {day(identity.lastUsedAt)}
                    </div>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={onlyOne}
                    title={onlyOne ? LAST_METHOD : undefined}
                    aria-label={`Remove ${identity.providerLabel} (${identity.email ?? "no email"})`}
                    onClick={() => setRemoving(identity)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
              {data.identities.length === 0 && (
                <li className="px-4 py-3 text-slate-500 text-sm">
                  No Google or single sign-on accounts linked yet.
                </li>
              )}
            </ul>
          )}
          {onlyOne && <p className="mt-3 text-slate-500 text-xs">{LAST_METHOD}</p>}
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
        title={`Remove ${removing?.providerLabel ?? ""} sign-in?`}
        description={`${removing?.email ?? "This account"} will no longer sign in to Kairos. You can link it again later.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
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
      toast.success(`${provider.label} account linked`);
    },
    onError: (message) => toast.error(`Could not link ${provider.label}`, { description: message }),
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
      {popup.connecting ? `Connecting to ${provider.label}...` : `Link ${provider.label}`}
    </Button>
  );
}
