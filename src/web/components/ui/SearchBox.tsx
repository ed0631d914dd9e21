import { Search, X } from "lucide-react";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { Input } from "./Input";

/** A search field with a magnifier, a clear (X) button while it has text, and Escape to clear. */
export function SearchBox({
  label,
  value,
  onChange,
  onClear,
  maxLength,
  className,
}: {
  /** Accessible name; the placeholder is `${label}...`. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={cn("relative min-w-0 flex-1 sm:max-w-sm", className)}>
      <Search
        size={16}
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-slate-500"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && value) {
            e.preventDefault();
            onClear();
          }
        }}
        className={cn("ps-9 [&::-webkit-search-cancel-button]:hidden", value ? "pe-9" : "pe-2")}
      />
      {value && (
        <button
          type="button"
          aria-label={t("common.clearSearch")}
          onClick={onClear}
          className="absolute end-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        >
          <X size={14} aria-hidden />
        </button>
      )}
    </div>
  );
}
