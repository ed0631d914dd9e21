import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, ExternalLink } from "lucide-react";
import { useForm } from "react-hook-form";
import { profilePath, USERNAME_MAX } from "../../../contract/usernames";
import { updateUsernameBody } from "../../../contract/users";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, toast } from "../../components/ui";
import { useAuth } from "../../lib/auth";
import { copyText } from "../../lib/clipboard";
import { cn } from "../../lib/cn";
import { setServerErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { profileUrl } from "../event-types/links";
import { useUpdateUsername } from "./queries";

/** Public link: the username behind /{username} and /{username}/{slug}. */
export function LinkSection() {
  const { user } = useAuth();
  const save = useUpdateUsername();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    // The contract's own rules (length, characters, reserved words): the server's words, before a round trip.
    resolver: zodResolver(updateUsernameBody),
    mode: "onBlur",
    values: { username: user?.username ?? "" },
  });
  const typed = watch("username") ?? "";
  if (!user) return null;

  const changed = typed.trim().toLowerCase() !== user.username;
  const submit = handleSubmit(async ({ username }) => {
    if (username === user.username) return;
    try {
      await save.mutateAsync(username);
      toast.success(t("settings.link.saved"), {
        description: t("settings.link.savedText", { address: `${window.location.host}/${username}` }),
      });
    } catch (error) {
      setServerErrors(error, setError, ["username"], "username");
    }
  });
  const error = errors.username?.message && localizeText(errors.username.message);

  const host = window.location.host;
  return (
    <SettingsCard id="link" title={t("settings.nav.link")} description={t("settings.link.description")}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t("settings.nav.link")}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="username" className="font-medium text-slate-800 text-sm">
            {t("settings.link.username")}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div
              className={cn(
                "flex h-10 w-full min-w-0 items-stretch sm:flex-1 overflow-hidden rounded-lg border bg-white text-sm shadow-xs focus-within:ring-3",
                error
                  ? "border-red-500 focus-within:ring-red-500/20"
                  : "border-slate-300 focus-within:border-accent focus-within:ring-accent/20",
              )}
            >
              <span className="flex max-w-[55%] shrink-0 items-center truncate border-slate-200 border-e bg-slate-50 px-3 text-slate-500">
                {host}/
              </span>
              <input
                id="username"
                maxLength={USERNAME_MAX}
                autoComplete="username"
                spellCheck={false}
                aria-invalid={!!error || undefined}
                aria-describedby="username-help"
                className="min-w-0 flex-1 bg-transparent px-3 text-slate-900 outline-none"
                {...register("username")}
              />
            </div>
            <Button type="submit" loading={isSubmitting} disabled={!changed && !isSubmitting}>
              {isSubmitting ? t("settings.saving") : t("settings.link.save")}
            </Button>
          </div>
          {error ? (
            <p id="username-help" role="alert" className="text-red-600 text-sm">
              {error}
            </p>
          ) : (
            <p id="username-help" className="text-slate-500 text-sm">
              {t("settings.link.hint")}
            </p>
          )}
        </div>
      </form>
      <div className="mt-5 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <span className="min-w-0 flex-1 truncate font-medium text-slate-700" data-testid="profile-link">
          {profileUrl(user.username)}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copyText(profileUrl(user.username))}>
          <Copy size={14} aria-hidden /> {t("settings.link.copy")}
        </Button>
        <a
          href={profilePath(user.username)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-3 font-medium text-accent-strong hover:bg-accent-soft"
        >
          <ExternalLink size={14} aria-hidden /> {t("settings.link.view")}
        </a>
      </div>
    </SettingsCard>
  );
}
