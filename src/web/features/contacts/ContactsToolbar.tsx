import { useEffect, useRef, useState } from "react";
import { CONTACT_PRIORITIES, CONTACT_STAGES, type ContactSort } from "../../../contract/contacts";
import { SearchBox, Select } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { PRIORITY_LABELS, STAGE_LABELS } from "./format";
import type { ContactsParams } from "./queries";

const SEARCH_DEBOUNCE_MS = 300;
const SORT_LABELS: Record<ContactSort, AppMessageId> = {
  name: "contacts.field.name",
  lastMet: "contacts.page.lastMet",
  meetings: "contacts.page.meetings",
  created: "contacts.sort.created",
};

/** Search (debounced, on the server), stage and priority filters, and the sort, in one toolbar. */
export function ContactsToolbar({
  params,
  onChange,
}: {
  params: ContactsParams;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const [text, setText] = useState(params.searchQuery);
  const applied = useRef(params.searchQuery);
  useEffect(() => {
    if (params.searchQuery !== applied.current) {
      applied.current = params.searchQuery;
      setText(params.searchQuery);
    }
  }, [params.searchQuery]);
  useEffect(() => {
    if (text === applied.current) return;
    const timer = window.setTimeout(() => {
      applied.current = text;
      onChange({ q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onChange]);

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      <SearchBox
        label={t("contacts.search")}
        value={text}
        onChange={setText}
        onClear={() => {
          setText("");
          applied.current = "";
          onChange({ q: null });
        }}
        maxLength={200}
      />
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Select
          aria-label={t("contacts.field.stageShort")}
          value={params.stage}
          onChange={(e) => onChange({ stage: e.target.value })}
          wrapperClassName="sm:w-36"
        >
          <option value="all">{t("contacts.allStages")}</option>
          {CONTACT_STAGES.map((s) => (
            <option key={s} value={s}>
              {t(STAGE_LABELS[s])}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t("contacts.field.priority")}
          value={params.priority}
          onChange={(e) => onChange({ priority: e.target.value })}
          wrapperClassName="sm:w-40"
        >
          <option value="all">{t("contacts.allPriorities")}</option>
          {CONTACT_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(PRIORITY_LABELS[p])}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t("contacts.sortBy")}
          value={`${params.sort}:${params.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(":");
            onChange({ sort: sort === "name" ? null : sort, order });
          }}
          wrapperClassName="col-span-2 sm:w-44"
        >
          {(Object.keys(SORT_LABELS) as ContactSort[]).flatMap((s) =>
            (["asc", "desc"] as const).map((o) => (
              <option key={`${s}:${o}`} value={`${s}:${o}`}>
                {t(SORT_LABELS[s])}{" "}
                {s === "name"
                  ? o === "asc"
                    ? "A–Z"
                    : "Z–A"
                  : t(
                      o === "desc"
                        ? s === "created"
                          ? "contacts.sort.newest"
                          : "contacts.sort.mostRecent"
                        : "contacts.sort.oldest",
                    )}
              </option>
            )),
          )}
        </Select>
      </div>
    </div>
  );
}
