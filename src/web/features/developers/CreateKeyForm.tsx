import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import {
  API_KEY_EXPIRIES,
  API_RESOURCES,
  type ApiAccess,
  type ApiResource,
  type ApiScope,
  type CreateApiKeyBody,
  createApiKeyBody,
} from "../../../contract/api-keys";
import { Button, Checkbox, Field, Input, Select } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { setServerErrors } from "../../lib/formErrors";
import { currentLocale, intlLocale, t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { type CreatedApiKey, useCreateApiKey } from "./queries";

/** Catalogue ids, read with `t` when rendering (the language can change at run time). */
export const RESOURCE_LABELS: Record<ApiResource, AppMessageId> = {
  event_types: "developers.resource.eventTypes",
  availability: "developers.resource.availability",
  bookings: "developers.resource.bookings",
  contacts: "developers.resource.contacts",
  workflows: "developers.resource.workflows",
  webhooks: "developers.resource.webhooks",
};

const ACCESS: ApiAccess[] = ["read", "write"];

/** A resource's name inside a phrase ("Read bookings"); German keeps its nouns capitalised. */
const inSentence = (name: string) => (currentLocale() === "de" ? name : name.toLocaleLowerCase(intlLocale()));

/** A new key: its name, what it may read and write, and when it stops working. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyBody>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: "", scopes: [], expiresInDays: 90 },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onCreated(await create.mutateAsync(body));
      reset();
    } catch (error) {
      setServerErrors(
        error,
        setError,
        ["name", "scopes", "expiresInDays"],
        "name",
        t("developers.form.failed"),
      );
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("developers.form.label")}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_180px]">
        <Field label={t("developers.form.name")} htmlFor="api-key-name" error={errors.name?.message}>
          <Input
            id="api-key-name"
            placeholder={t("developers.form.namePlaceholder")}
            autoComplete="off"
            invalid={!!errors.name}
            aria-describedby={errors.name ? "api-key-name-error" : undefined}
            {...register("name")}
          />
        </Field>
        <Field
          label={t("developers.form.expires")}
          htmlFor="api-key-expiry"
          error={errors.expiresInDays?.message}
        >
          <Controller
            control={control}
            name="expiresInDays"
            render={({ field }) => (
              <Select
                id="api-key-expiry"
                value={field.value === null ? "never" : String(field.value ?? 90)}
                onChange={(e) =>
                  field.onChange(
                    e.target.value === "never" ? null : (Number(e.target.value) as 30 | 90 | 365),
                  )
                }
              >
                {API_KEY_EXPIRIES.map((days) => (
                  <option key={days} value={days}>
                    {t("developers.form.inDays", { count: days })}
                  </option>
                ))}
                <option value="never">{t("developers.never")}</option>
              </Select>
            )}
          />
        </Field>
      </div>

      <fieldset aria-describedby={errors.scopes ? "api-key-scopes-error" : undefined}>
        <legend className="font-medium text-slate-900 text-sm">{t("developers.form.permissions")}</legend>
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => {
            const chosen = new Set<ApiScope>(field.value);
            const toggle = (scope: ApiScope, on: boolean) => {
              const next = new Set(chosen);
              if (on) next.add(scope);
              else next.delete(scope);
              field.onChange([...next]);
            };
            return (
              <table className="mt-2 w-full max-w-md text-sm">
                <thead>
                  <tr className="text-start text-slate-500 text-xs">
                    <th className="py-1 font-medium">{t("developers.form.resource")}</th>
                    <th className="py-1 font-medium">{t("developers.form.read")}</th>
                    <th className="py-1 font-medium">{t("developers.form.write")}</th>
                  </tr>
                </thead>
                <tbody>
                  {API_RESOURCES.map((resource) => (
                    <tr key={resource} className="border-slate-100 border-t">
                      <td className="py-1.5 text-slate-700">{t(RESOURCE_LABELS[resource])}</td>
                      {ACCESS.map((access) => {
                        const scope = `${resource}:${access}` as ApiScope;
                        const id = `api-key-scope-${resource}-${access}`;
                        return (
                          <td key={access} className="py-1.5">
                            <Checkbox
                              id={id}
                              aria-label={t(
                                access === "read" ? "developers.form.readOf" : "developers.form.writeOf",
                                {
                                  resource: inSentence(t(RESOURCE_LABELS[resource])),
                                },
                              )}
                              checked={chosen.has(scope)}
                              onCheckedChange={(on) => toggle(scope, on === true)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          }}
        />
        {errors.scopes && (
          <p id="api-key-scopes-error" role="alert" className="mt-1 text-red-600 text-sm">
            {errors.scopes.message
              ? localizeText(errors.scopes.message)
              : t("developers.form.choosePermissions")}
          </p>
        )}
      </fieldset>

      <div>
        <Button type="submit" loading={isSubmitting}>
          <KeyRound size={16} aria-hidden /> {t("developers.form.create")}
        </Button>
      </div>
    </form>
  );
}
