import { zodResolver } from "@hookform/resolvers/zod";
import { Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { EMBED_MESSAGE_TYPE, type EmbedMessage } from "../../../contract/embed";
import { type EmbedCodeForm, embedCodeForm } from "../../../contract/embed-settings";
import { Button, Checkbox, Field, Input, Label, Select, Textarea } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { embedConfig, embedSnippets } from "./snippet";

const MODES: { value: EmbedCodeForm["mode"]; label: AppMessageId }[] = [
  { value: "inline", label: "embeds.mode.inline" },
  { value: "popup", label: "embeds.mode.popup" },
  { value: "floating", label: "embeds.mode.floating" },
];

/** Code words: the same in every language. */
const COLOR_EXAMPLE = "#2563eb";
const SNIPPET_NAMES = { html: "HTML", react: "React" };

/**
 * Share > Embed (issue 25): how the page appears on the host's site, a live preview, and the
 * snippets (HTML, React) to copy. `pages` are what may be embedded, first the default, each as the
 * loader takes it: "username/slug" (an event type), "username" (the profile), "team/slug".
 */
export function EmbedCodePanel({
  pages,
  copy,
}: {
  pages: { link: string; label: string }[];
  /** Copies a snippet and says so (the Share dialog's copy). */
  copy: (text: string) => void;
}) {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useForm<EmbedCodeForm>({
    resolver: zodResolver(embedCodeForm),
    mode: "onChange",
    defaultValues: {
      target: pages[0]?.link ?? "",
      mode: "inline",
      theme: "light",
      brandColor: "",
      hideDetails: false,
      name: "",
      email: "",
    },
  });
  const values = watch();
  // The preview and the snippets take only what passes the form's rules.
  const valid = (key: "brandColor" | "email" | "name") =>
    embedCodeForm.shape[key].safeParse(values[key]).success ? values[key].trim() : "";
  const form: EmbedCodeForm = {
    ...values,
    brandColor: valid("brandColor"),
    email: valid("email"),
    name: valid("name"),
  };
  const link = pages.some((p) => p.link === form.target) ? form.target : (pages[0]?.link ?? "");
  const origin = window.location.origin;
  const snippets = embedSnippets(origin, link, form);

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,260px)_minmax(0,1fr)]">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t("embeds.options")}
      >
        {pages.length > 1 && (
          <Field label={t("embeds.page")} htmlFor="embed-target">
            <Select id="embed-target" {...register("target")}>
              {pages.map((p) => (
                <option key={p.link} value={p.link}>
                  {p.label}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={t("embeds.modeLabel")} htmlFor="embed-mode">
          <Select id="embed-mode" {...register("mode")}>
            {MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {t(m.label)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("embeds.theme")} htmlFor="embed-theme">
          <Select id="embed-theme" {...register("theme")}>
            <option value="light">{t("embeds.themeLight")}</option>
            <option value="dark">{t("embeds.themeDark")}</option>
            <option value="auto">{t("embeds.themeAuto")}</option>
          </Select>
        </Field>
        <Field label={t("embeds.brand")} htmlFor="embed-brand" error={errors.brandColor?.message}>
          <Input id="embed-brand" placeholder={COLOR_EXAMPLE} {...register("brandColor")} />
        </Field>
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name="hideDetails"
            render={({ field }) => (
              <Checkbox
                id="embed-hide-details"
                checked={field.value}
                onCheckedChange={(on) => field.onChange(on === true)}
              />
            )}
          />
          <Label htmlFor="embed-hide-details">{t("embeds.hideDetails")}</Label>
        </div>
        <Field label={t("embeds.prefillName")} htmlFor="embed-name" error={errors.name?.message}>
          <Input id="embed-name" {...register("name")} />
        </Field>
        <Field label={t("embeds.prefillEmail")} htmlFor="embed-email" error={errors.email?.message}>
          <Input id="embed-email" type="email" {...register("email")} />
        </Field>
      </form>
      <div className="flex min-w-0 flex-col gap-4">
        <Preview origin={origin} link={link} config={embedConfig(form)} />
        <SnippetBox id="embed-html" label={SNIPPET_NAMES.html} value={snippets.html} copy={copy} />
        <SnippetBox
          id="embed-react"
          label={SNIPPET_NAMES.react}
          value={snippets.react}
          rows={8}
          copy={copy}
        />
      </div>
    </div>
  );
}

/** The page as the site will show it, in a frame of its own that follows the page's height. */
function Preview({
  origin,
  link,
  config,
}: {
  origin: string;
  link: string;
  config: Record<string, unknown>;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(420);
  const query = new URLSearchParams({ embed: "1", embedOrigin: origin, embedNs: "preview", layout: "popup" });
  for (const [key, value] of Object.entries(config)) query.set(key, value === true ? "1" : String(value));
  const src = `${origin}/${link}?${query}`;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = event.data as EmbedMessage | null;
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if (message?.type === EMBED_MESSAGE_TYPE && message.event === "heightChanged") {
        setHeight(Math.min(Number(message.data.height) || 420, 560));
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin]);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-app">
      <p className="border-slate-200 border-b px-3 py-1.5 font-medium text-slate-500 text-xs">
        {t("embeds.preview")}
      </p>
      <iframe
        ref={frame}
        key={src}
        src={src}
        title={t("embeds.previewTitle")}
        className="block w-full"
        style={{ height }}
      />
    </div>
  );
}

function SnippetBox({
  id,
  label,
  value,
  rows = 4,
  copy,
}: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  copy: (text: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <Button
          variant="outline"
          size="sm"
          onClick={() => copy(value)}
          aria-label={t("embeds.copySnippet", { label })}
        >
          <Copy size={14} aria-hidden /> {t("embeds.copy")}
        </Button>
      </div>
      <Textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-xs"
      />
    </div>
  );
}
