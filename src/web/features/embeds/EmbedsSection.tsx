import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { EMBED_LOADER_PATH } from "../../../contract/embed";
import { type EmbedSitesForm, embedSitesForm, sitesLines } from "../../../contract/embed-settings";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, ErrorState, Field, Skeleton, Textarea, toast } from "../../components/ui";
import { setServerErrors } from "../../lib/formErrors";
import { useEmbedSettings, useSaveEmbedSettings } from "./queries";

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
      toast.success("Embed settings saved");
    } catch (error) {
      setServerErrors(error, setError, [], "sites", "Failed to save embed settings");
    }
  });

  return (
    <SettingsCard
      id="embeds"
      title="Embeds"
      description={`Put your booking pages on your own website with the loader at ${EMBED_LOADER_PATH} (Share > Embed on an event type).`}
    >
      {settings.isPending ? (
        <div role="status" aria-label="Loading embed settings">
          <Skeleton className="h-24" />
        </div>
      ) : settings.isError ? (
        <ErrorState title="Failed to load embed settings" query={settings} className="py-6" />
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <Field
            label="Websites allowed to embed your pages"
            htmlFor="embed-sites"
            hint="One address per line, like https://example.com. Leave empty to allow any website."
            error={errors.sites?.message}
          >
            <Textarea id="embed-sites" rows={4} placeholder="https://example.com" {...register("sites")} />
          </Field>
          <div>
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
