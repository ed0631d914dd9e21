import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { EMBED_LOADER_PATH } from "../../../contract/embed";
import { type EmbedSitesForm, embedSitesForm, sitesLines } from "../../../contract/embed-settings";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, ErrorState, Field, Skeleton, Textarea, toast } from "../../components/ui";
import { setServerErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { useEmbedSettings, useSaveEmbedSettings } from "./queries";

/** An address, the same in every language. */
const SITE_EXAMPLE = "https://example.com";

/**
 * Settings > Embeds (issue 25): the websites allowed to show the host's booking pages in a frame
 * (their Content-Security-Policy frame-ancestors). Empty: any website may.
 */
export function EmbedsSection() {
  const settings = useEmbedSettings();
  const save = useSaveEmbedSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<EmbedSitesForm>({ resolver: zodResolver(embedSitesForm), defaultValues: { sites: "" } });

  useEffect(() => {
    if (settings.data) reset({ sites: settings.data.allowedOrigins.join("\n") });
  }, [settings.data, reset]);

  const onSubmit = handleSubmit(async ({ sites }) => {
    try {
      await save.mutateAsync(sitesLines(sites));
      toast.success(t("embeds.settings.saved"));
    } catch (error) {
      setServerErrors(error, setError, [], "sites", t("embeds.settings.saveFailed"));
    }
  });

  return (
    <SettingsCard
      id="embeds"
      title={t("embeds.settings.title")}
      description={t("embeds.settings.description", { path: EMBED_LOADER_PATH })}
    >
      {settings.isPending ? (
        <div role="status" aria-label={t("embeds.settings.loading")}>
          <Skeleton className="h-24" />
        </div>
      ) : settings.isError ? (
        <ErrorState title={t("embeds.settings.loadFailed")} query={settings} className="py-6" />
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <Field
            label={t("embeds.settings.sites")}
            htmlFor="embed-sites"
            hint={t("embeds.settings.sitesHint")}
            error={errors.sites?.message}
          >
            <Textarea id="embed-sites" rows={4} placeholder={SITE_EXAMPLE} {...register("sites")} />
          </Field>
          <div>
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {t(save.isPending ? "embeds.settings.saving" : "embeds.settings.save")}
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
