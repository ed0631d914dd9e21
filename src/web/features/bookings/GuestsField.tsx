import { UserPlus, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "../../components/ui/Button";
import { Input } from "../../components/ui/Input";
import { Label } from "../../components/ui/Label";
import { t } from "../../lib/i18n";
import { MAX_GUESTS, validateGuest } from "./validation";

export interface GuestsFieldProps {
  guests: string[];
  onChange: (guests: string[]) => void;
  /** Error from the server for the guest list. */
  error?: string;
  /** Tells the form whether a typed address was rejected, so submitting waits for a fix. */
  onPendingErrorChange: (hasError: boolean) => void;
}

/** 'Add Guests': up to ten e-mail addresses, each checked as it is added. */
export function GuestsField({
  guests,
  onChange,
  error: serverError,
  onPendingErrorChange,
}: GuestsFieldProps) {
  const [open, setOpen] = useState(guests.length > 0);
  const [draft, setDraft] = useState("");
  const [error, setErrorState] = useState<string | undefined>();
  const setError = (message: string | undefined) => {
    setErrorState(message);
    onPendingErrorChange(!!message);
  };
  const shown = error ?? serverError;

  /** Adds every address in the draft (comma, space or semicolon separated); keeps the bad ones. */
  const commit = () => {
    const parts = draft.split(/[\s,;]+/).filter(Boolean);
    if (parts.length === 0) return setError(undefined);
    const next = [...guests];
    const rejected: string[] = [];
    let firstError: string | undefined;
    for (const part of parts) {
      const problem = validateGuest(part, next);
      if (problem) {
        rejected.push(part);
        firstError ??= problem;
      } else next.push(part.toLowerCase());
    }
    if (next.length !== guests.length) onChange(next);
    setDraft(rejected.join(", "));
    setError(firstError);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit();
    } else if (event.key === "Backspace" && !draft && guests.length > 0) {
      onChange(guests.slice(0, -1));
    }
  };

  if (!open) {
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} className="rounded-full">
          <UserPlus size={16} aria-hidden /> {t("guests.add")}
        </Button>
      </div>
    );
  }

  const full = guests.length >= MAX_GUESTS;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="booking-guests">{t("guests.label")}</Label>
      {guests.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("guests.list")}>
          {guests.map((g) => (
            <li
              key={g}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-slate-800 text-sm"
            >
              <span className="max-w-56 truncate">{g}</span>
              <button
                type="button"
                aria-label={t("guests.remove", { email: g })}
                onClick={() => onChange(guests.filter((x) => x !== g))}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id="booking-guests"
        type="email"
        inputMode="email"
        autoComplete="off"
        multiple
        disabled={full}
        placeholder={full ? t("guests.upTo", { max: MAX_GUESTS }) : "name@example.com"}
        value={draft}
        invalid={!!shown}
        aria-describedby={shown ? "booking-guests-error" : "booking-guests-hint"}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {shown ? (
        <p id="booking-guests-error" role="alert" className="text-red-600 text-sm leading-5">
          {shown}
        </p>
      ) : (
        <p id="booking-guests-hint" className="text-slate-500 text-sm leading-5">
          {t("guests.hint", { max: MAX_GUESTS, count: guests.length })}
        </p>
      )}
    </div>
  );
}
