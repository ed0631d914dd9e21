import { useQuery } from "@tanstack/react-query";
import { CalendarX2 } from "lucide-react";
import { Link } from "react-router";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import { Field, Select, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { googleAccountsQuery } from "./linkWarning";

/** Spec: the first account picked automatically is the primary one, else the first active one. */
export function defaultGoogleAccount(accounts: AnswerData<typeof calendarsResponses.list>): string | null {
  const pick = accounts.find((a) => a.isPrimary) ?? accounts.find((a) => a.isActive) ?? accounts[0];
  return pick?.id ?? null;
}

/** The calendar account a Google Meet link is created with (shown only for Google Meet). */
export function GoogleAccountPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (accountId: string | null) => void;
}) {
  const accounts = useQuery(googleAccountsQuery);

  if (accounts.isPending) {
    return (
      <div className="flex flex-col gap-1.5" aria-busy>
        <span className="font-medium text-slate-800 text-sm">{t("eventTypes.google.label")}</span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }

  const list = accounts.data ?? [];
  if (list.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-3 py-3">
        <CalendarX2 size={18} className="mt-0.5 shrink-0 text-slate-500" aria-hidden />
        <div className="text-sm">
          <p className="font-medium text-slate-800">{t("eventTypes.google.none")}</p>
          <p className="mt-0.5 text-slate-500">
            {t("eventTypes.google.connectUnder")}{" "}
            <Link to="/availability" className="font-medium text-accent-strong hover:underline">
              {t("eventTypes.google.where")}
            </Link>{" "}
            {t("eventTypes.google.soKairos")}
          </p>
        </div>
      </div>
    );
  }

  const selected = value ?? defaultGoogleAccount(list) ?? "";
  return (
    <Field label={t("eventTypes.google.label")} htmlFor={id} hint={t("eventTypes.google.hint")}>
      <Select id={id} value={selected} onChange={(e) => onChange(e.target.value || null)}>
        {list.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name ? `${a.name} (${a.email})` : a.email}
            {a.isPrimary ? t("eventTypes.google.primary") : ""}
          </option>
        ))}
      </Select>
    </Field>
  );
}
