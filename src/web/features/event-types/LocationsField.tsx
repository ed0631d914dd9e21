import { AlertTriangle, ArrowDown, ArrowUp, MapPinOff, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import {
  LOCATION_INFO,
  LOCATION_TYPES,
  type LocationType,
  MAX_LOCATIONS,
  REPEATABLE_LOCATIONS,
} from "../../../contract/event-type-constants";
import { Button, Input, Select } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { LocationIcon } from "../bookings/LocationIcon";
import { FieldGroup } from "./FieldGroup";
import { GoogleAccountPicker } from "./GoogleAccountPicker";
import { locationName } from "./links";
import { type MissingLink, missingLink, useGoogleConnected } from "./linkWarning";

/** One place as the drawers edit it; displayName rides along so untouched places keep theirs. */
export interface LocationDraft {
  type: LocationType;
  value?: string;
  displayName?: string;
}

/** Per-place messages from the form (zod paths locations.{i}.type / .value) and one for the list. */
export type LocationErrors =
  | ({ message?: string; root?: { message?: string } } & {
      [index: number]: { type?: { message?: string }; value?: { message?: string } } | undefined;
    })
  | undefined;

const VALUE_LABEL: Partial<Record<LocationType, AppMessageId>> = {
  in_person: "eventTypes.location.address",
  phone: "eventTypes.location.phoneNumber",
  custom: "eventTypes.location.details",
};
const valueLabel = (type: LocationType) => {
  const id = VALUE_LABEL[type];
  return id ? t(id) : t("eventTypes.location.link", { name: LOCATION_INFO[type].displayName });
};

let nextKey = 0;
const newKey = () => `loc-${++nextKey}`;

/**
 * Where the meeting happens: the list of places invitees choose from (the first is preselected), each
 * with its own details, reorderable, with a warning beside any place that promises a link nobody sends.
 */
export function LocationsField({
  idPrefix,
  locations,
  onChange,
  googleAccountId,
  onGoogleAccountChange,
  errors,
}: {
  idPrefix: string;
  locations: LocationDraft[];
  onChange: (next: LocationDraft[]) => void;
  googleAccountId: string | null;
  onGoogleAccountChange: (id: string | null) => void;
  errors?: LocationErrors;
}) {
  // Stable row keys, kept beside the list (a reset from outside starts them afresh).
  const [keys, setKeys] = useState(() => locations.map(newKey));
  const rowKeys = keys.length === locations.length ? keys : locations.map(newKey);
  if (rowKeys !== keys) setKeys(rowKeys);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const googleConnected = useGoogleConnected(locations.some((l) => l.type === "google_meet"));

  const used = (type: LocationType, except: number) =>
    !REPEATABLE_LOCATIONS.has(type) && locations.some((l, i) => i !== except && l.type === type);

  const focusRow = (index: number, control: string) =>
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`#${idPrefix}-location-${index}-${control}`)?.focus(),
    );

  const add = () => {
    const type = LOCATION_TYPES.find((lt) => !used(lt, -1)) ?? "custom";
    onChange([...locations, { type, value: "" }]);
    setKeys([...rowKeys, newKey()]);
    focusRow(locations.length, "type");
  };
  const remove = (index: number) => {
    onChange(locations.filter((_, i) => i !== index));
    setKeys(rowKeys.filter((_, i) => i !== index));
    requestAnimationFrame(() => addRef.current?.focus());
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const swap = <T,>(list: T[]) => {
      const next = [...list];
      [next[index], next[to]] = [next[to], next[index]];
      return next;
    };
    onChange(swap(locations));
    setKeys(swap(rowKeys));
    // Keep the focus on the arrow that moved, or on the other one when it reached an end.
    const edge = (by === -1 && to === 0) || (by === 1 && to === locations.length - 1);
    focusRow(to, edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down");
  };
  const update = (index: number, next: LocationDraft) =>
    onChange(locations.map((l, i) => (i === index ? next : l)));

  const listError = errors?.message ?? errors?.root?.message;
  return (
    <FieldGroup
      legend={t("eventTypes.location.legend")}
      error={listError}
      errorId={`${idPrefix}-locations-error`}
      hint={locations.length > 1 ? t("eventTypes.location.hintMany") : undefined}
    >
      {locations.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 border-dashed px-3 py-3 text-slate-500 text-sm">
          <MapPinOff size={18} className="shrink-0 text-slate-500" aria-hidden />
          {t("eventTypes.location.none")}
        </div>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3" aria-label={t("eventTypes.location.list")}>
          {locations.map((location, i) => (
            <LocationRow
              key={rowKeys[i]}
              id={`${idPrefix}-location-${i}`}
              index={i}
              count={locations.length}
              location={location}
              isUsed={(type) => used(type, i)}
              onChange={(next) => update(i, next)}
              onMove={(by) => move(i, by)}
              onRemove={() => remove(i)}
              // Until the accounts are known, Google Meet is not flagged.
              warning={missingLink(location, googleConnected ?? true)}
              typeError={errors?.[i]?.type?.message}
              valueError={errors?.[i]?.value?.message}
              googlePicker={
                location.type === "google_meet" && googleConnected !== false ? (
                  <GoogleAccountPicker
                    id={`${idPrefix}-google-account`}
                    value={googleAccountId}
                    onChange={onGoogleAccountChange}
                  />
                ) : null
              }
            />
          ))}
        </ol>
      )}
      {locations.length < MAX_LOCATIONS && (
        <div>
          <Button ref={addRef} variant="outline" size="sm" onClick={add}>
            <Plus size={16} aria-hidden />
            {t("eventTypes.location.add")}
          </Button>
        </div>
      )}
    </FieldGroup>
  );
}

function LocationRow({
  id,
  index,
  count,
  location,
  isUsed,
  onChange,
  onMove,
  onRemove,
  warning,
  typeError,
  valueError,
  googlePicker,
}: {
  id: string;
  index: number;
  count: number;
  location: LocationDraft;
  isUsed: (type: LocationType) => boolean;
  onChange: (next: LocationDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  warning: MissingLink;
  typeError?: string;
  valueError?: string;
  googlePicker: ReactNode;
}) {
  const n = index + 1;
  const info = LOCATION_INFO[location.type];
  const name = locationName(location.type);
  const describedBy = (own: string | undefined, suffix: string) =>
    [own ? `${id}-${suffix}-error` : null, warning ? `${id}-warning` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <li className="flex flex-col gap-2.5 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <div className="flex items-center gap-2">
        <LocationIcon type={location.type} size={18} className="shrink-0 text-slate-500" />
        <label htmlFor={`${id}-type`} className="sr-only">
          {t("eventTypes.location.typeLabel", { n })}
        </label>
        <Select
          id={`${id}-type`}
          wrapperClassName="min-w-0 flex-1"
          value={location.type}
          invalid={!!typeError}
          aria-describedby={typeError ? `${id}-type-error` : undefined}
          // A new type starts empty and with its own name.
          onChange={(e) => onChange({ type: e.target.value as LocationType, value: "" })}
        >
          {LOCATION_TYPES.map((type) => (
            <option key={type} value={type} disabled={type !== location.type && isUsed(type)}>
              {locationName(type)}
            </option>
          ))}
        </Select>
        {count > 1 && (
          <>
            <Button
              id={`${id}-up`}
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label={t("eventTypes.location.up", { n })}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUp size={16} aria-hidden />
            </Button>
            <Button
              id={`${id}-down`}
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label={t("eventTypes.location.down", { n })}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDown size={16} aria-hidden />
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-slate-500 hover:text-red-600"
          aria-label={t("eventTypes.location.remove", { n, name })}
          onClick={onRemove}
        >
          <Trash2 size={16} aria-hidden />
        </Button>
      </div>
      {typeError && (
        <p id={`${id}-type-error`} role="alert" className="text-[13px] text-red-600 leading-5">
          {localizeText(typeError)}
        </p>
      )}
      {location.type === "ask_invitee" ? (
        <p className="text-[13px] text-slate-500">{t("eventTypes.location.askHint")}</p>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-value`} className="font-medium text-[13px] text-slate-700">
            {valueLabel(location.type)}
            {location.type === "google_meet" && (
              <span className="font-normal text-slate-500">{t("eventTypes.location.optional")}</span>
            )}
          </label>
          <Input
            id={`${id}-value`}
            value={location.value ?? ""}
            placeholder={info.placeholder}
            type={location.type === "phone" ? "tel" : "text"}
            invalid={!!valueError}
            aria-describedby={describedBy(valueError, "value")}
            maxLength={500}
            onChange={(e) => onChange({ ...location, value: e.target.value })}
          />
          {valueError && (
            <p id={`${id}-value-error`} role="alert" className="text-[13px] text-red-600 leading-5">
              {localizeText(valueError)}
            </p>
          )}
        </div>
      )}
      {warning && <LinkWarning id={`${id}-warning`} kind={warning} name={name} />}
      {googlePicker}
    </li>
  );
}

/** Said beside the place while the host chooses, not only after saving. */
function LinkWarning({ id, kind, name }: { id: string; kind: "paste" | "google"; name: string }) {
  return (
    <div
      id={id}
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 leading-5"
    >
      <AlertTriangle size={16} className="mt-0.5 shrink-0 text-amber-600" aria-hidden />
      <p>
        {kind === "google" ? (
          <>
            {t("eventTypes.location.googleWarning")}{" "}
            <Link
              to="/availability?tab=calendar-settings"
              className="font-medium text-amber-900 underline underline-offset-2"
            >
              {t("eventTypes.location.connectGoogle")}
            </Link>{" "}
            {t("eventTypes.location.soKairosCreates")}
          </>
        ) : (
          t("eventTypes.location.pasteWarning", { name })
        )}
      </p>
    </div>
  );
}
