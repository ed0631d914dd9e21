import type { UseFormRegisterReturn } from "react-hook-form";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

/** The booking link: origin/{username}/ as a fixed prefix, then the editable slug. */
export function SlugField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<"slug">;
  error?: string;
}) {
  const { user } = useAuth();
  const prefix = `${window.location.host}/${user?.username ?? ""}/`;
  const errorId = "edit-slug-error";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="edit-slug" className="block font-medium text-slate-800 text-sm">
        {t("eventTypes.slug.label")}
      </label>
      <div
        className={cn(
          "flex h-10 w-full items-stretch overflow-hidden rounded-lg border bg-white text-sm shadow-xs transition-colors focus-within:ring-3",
          error
            ? "border-red-500 focus-within:ring-red-500/20"
            : "border-slate-300 focus-within:border-accent focus-within:ring-accent/20 hover:border-slate-400",
        )}
      >
        <span className="flex max-w-[55%] shrink-0 items-center truncate border-slate-200 border-e bg-slate-50 px-3 text-slate-500">
          {prefix}
        </span>
        <input
          id="edit-slug"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? errorId : "edit-slug-hint"}
          className="min-w-0 flex-1 bg-transparent px-3 text-slate-900 outline-none"
          {...registration}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-[13px] text-red-600 leading-5">
          {error}
        </p>
      ) : (
        <p id="edit-slug-hint" className="text-[13px] text-slate-500 leading-5">
          {t("eventTypes.slug.hint")}
        </p>
      )}
    </div>
  );
}
