import { ImagePlus, X } from "lucide-react";
import { useRef, useState } from "react";
import { Avatar, Button, Field, Input } from "../../components/ui";
import { t } from "../../lib/i18n";

/** Uploads are kept in the team as an image data URL; the contract takes ~200 KB of it at most. */
const LOGO_FILE_MAX = 200_000;
/** The start of a link, the same in every language. */
const LINK_EXAMPLE = "https://...";
const LOGO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/**
 * A team's logo: upload an image (PNG, JPG, GIF or WebP up to 200 KB, as for avatars) or give an
 * https:// link. The value is the link or the uploaded image's data URL; "" is no logo.
 */
export function TeamLogoField({
  value,
  onChange,
  error,
  teamName,
  inputProps,
}: {
  value: string;
  onChange: (logo: string) => void;
  error?: string;
  teamName: string;
  /** The link input's registration (react-hook-form), used while no image is uploaded. */
  inputProps: React.ComponentProps<typeof Input>;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const uploaded = value.startsWith("data:");
  const shown = fileError ?? error;

  const pick = (chosen: File | undefined) => {
    setFileError(null);
    if (!chosen) return;
    if (!LOGO_TYPES.includes(chosen.type)) return setFileError(t("teams.logo.type"));
    if (chosen.size > LOGO_FILE_MAX) return setFileError(t("teams.logo.size"));
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.onerror = () => setFileError(t("teams.logo.unreadable"));
    reader.readAsDataURL(chosen);
  };

  return (
    <Field
      label={t("teams.logo.label")}
      htmlFor="team-logo"
      hint={uploaded ? undefined : t("teams.logo.hint")}
      error={shown}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Avatar name={teamName || t("teams.logo.team")} src={value || undefined} size={40} />
        {uploaded ? (
          <>
            <span className="text-slate-600 text-sm">{t("teams.logo.uploaded")}</span>
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange("")}>
              <X size={14} aria-hidden /> {t("teams.logo.remove")}
            </Button>
          </>
        ) : (
          <Input
            id="team-logo"
            type="url"
            placeholder={LINK_EXAMPLE}
            className="min-w-0 flex-1"
            invalid={!!shown}
            aria-describedby={shown ? "team-logo-error" : "team-logo-hint"}
            {...inputProps}
          />
        )}
        <Button type="button" size="sm" variant="outline" onClick={() => file.current?.click()}>
          <ImagePlus size={14} aria-hidden /> {t("teams.logo.upload")}
        </Button>
        <input
          ref={file}
          type="file"
          accept={LOGO_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("teams.logo.file")}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
    </Field>
  );
}
