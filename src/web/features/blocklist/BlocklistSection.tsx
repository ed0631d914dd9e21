import { zodResolver } from "@hookform/resolvers/zod";
import { Ban, ShieldCheck, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { blockRuleBody } from "../../../contract/blocklist";
import { SettingsCard } from "../../components/SettingsCard";
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  Switch,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { setServerErrors } from "../../lib/formErrors";
import { hourCycle } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";
import { useAddBlock, useBlockDisposable, useBlocklist, useRemoveBlock } from "./queries";

const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: hourCycle(),
  }).format(new Date(iso));

/** Why an attempt was refused, in the host's words. */
const refusedBy = (rule: string, email: string) =>
  rule === "disposable"
    ? t("blocklist.refused.disposable")
    : rule === email
      ? t("blocklist.refused.address")
      : t("blocklist.refused.domain", { domain: rule });

/**
 * Settings > Blocked bookers: addresses and domains that may not book, the disposable-mail switch, and
 * the attempts refused. Invitees who are blocked only read that the booking could not be completed.
 */
export function BlocklistSection() {
  const list = useBlocklist();
  const add = useAddBlock();
  const remove = useRemoveBlock();
  const disposable = useBlockDisposable();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(blockRuleBody), defaultValues: { value: "" } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const rule = await add.mutateAsync(body);
      toast.success(t("blocklist.blocked", { value: rule.value }));
      reset();
    } catch (error) {
      setServerErrors(error, setError, ["value"], "value", t("blocklist.blockFailed"));
    }
  });

  return (
    <SettingsCard id="blocked-bookers" title={t("blocklist.title")} description={t("blocklist.description")}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          label={t("blocklist.field")}
          htmlFor="block-value"
          error={errors.value?.message}
          className="flex-1"
        >
          <Input
            id="block-value"
            placeholder={t("blocklist.placeholder")}
            autoComplete="off"
            invalid={!!errors.value}
            aria-describedby={errors.value ? "block-value-error" : undefined}
            {...register("value")}
          />
        </Field>
        <Button type="submit" loading={isSubmitting} className="sm:mt-6">
          <Ban size={16} aria-hidden /> {t("blocklist.block")}
        </Button>
      </form>

      {list.isPending ? (
        <LoadingState label={t("blocklist.loading")} />
      ) : list.isError ? (
        <ErrorState variant="inline" title={t("blocklist.loadFailed")} query={list} />
      ) : (
        <>
          <div className="mt-5 flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3">
            <div>
              <Label htmlFor="block-disposable" className="cursor-pointer">
                {t("blocklist.disposable")}
              </Label>
              <p id="block-disposable-hint" className="text-[13px] text-slate-500">
                {t("blocklist.disposableHint")}
              </p>
            </div>
            <Switch
              id="block-disposable"
              aria-describedby="block-disposable-hint"
              checked={list.data.blockDisposable}
              disabled={disposable.isPending}
              onCheckedChange={(on) =>
                disposable.mutate(on, {
                  onError: (error) =>
                    toast.error(t("blocklist.saveFailed"), { description: errorMessage(error) }),
                })
              }
            />
          </div>

          <h3 className="mt-6 font-medium text-slate-900 text-sm">{t("blocklist.list")}</h3>
          {list.data.rules.length === 0 ? (
            <EmptyState icon={ShieldCheck} title={t("blocklist.none")} className="py-6" />
          ) : (
            <ul
              className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
              aria-label={t("blocklist.list")}
            >
              {list.data.rules.map((rule) => (
                <li key={rule._id} className="flex items-center gap-3 px-4 py-2.5">
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900 text-sm">
                    {rule.value}
                  </span>
                  <Badge>
                    {t(rule.kind === "email" ? "blocklist.kind.address" : "blocklist.kind.domain")}
                  </Badge>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("blocklist.unblock", { value: rule.value })}
                    loading={remove.isPending && remove.variables === rule._id}
                    onClick={() =>
                      remove.mutate(rule._id, {
                        onSuccess: () => toast.success(t("blocklist.unblocked", { value: rule.value })),
                        onError: (error) =>
                          toast.error(t("blocklist.unblockFailed"), { description: errorMessage(error) }),
                      })
                    }
                  >
                    <Trash2 size={14} aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}

          <h3 className="mt-6 font-medium text-slate-900 text-sm">{t("blocklist.attempts")}</h3>
          {list.data.attempts.length === 0 ? (
            <p className="mt-2 text-slate-500 text-sm">{t("blocklist.noAttempts")}</p>
          ) : (
            <ul
              className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
              aria-label={t("blocklist.attempts")}
            >
              {list.data.attempts.map((a) => (
                <li key={a._id} className="px-4 py-2.5 text-sm">
                  <p className="truncate font-medium text-slate-900">{a.email}</p>
                  <p className="text-slate-500 text-xs">
                    {a.eventTitle} · {when(a.attemptedAt)} · {refusedBy(a.rule, a.email)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </SettingsCard>
  );
}
