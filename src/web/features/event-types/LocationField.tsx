import { LOCATION_INFO, LOCATION_TYPES, type LocationType } from "../../../contract/event-types";
import { Input, Select } from "../../components/ui";
import { FieldGroup } from "./FieldGroup";
import { GoogleAccountPicker } from "./GoogleAccountPicker";

export interface LocationValue {
  type: LocationType;
  value: string;
}

/** Where the meeting happens: one of the nine types, its details, and for Google Meet the calendar account. */
export function LocationField({
  idPrefix,
  location,
  onChange,
  googleAccountId,
  onGoogleAccountChange,
  error,
}: {
  idPrefix: string;
  location: LocationValue;
  onChange: (next: LocationValue) => void;
  googleAccountId: string | null;
  onGoogleAccountChange: (id: string | null) => void;
  error?: string;
}) {
  const info = LOCATION_INFO[location.type];
  const typeId = `${idPrefix}-location-type`;
  const valueId = `${idPrefix}-location-value`;
  const errorId = `${valueId}-error`;
  return (
    <FieldGroup legend="Location" error={error} errorId={errorId}>
      <label htmlFor={typeId} className="sr-only">
        Location type
      </label>
      <Select
        id={typeId}
        value={location.type}
        onChange={(e) => onChange({ type: e.target.value as LocationType, value: "" })}
      >
        {LOCATION_TYPES.map((type) => (
          <option key={type} value={type}>
            {LOCATION_INFO[type].displayName}
          </option>
        ))}
      </Select>
      {location.type === "ask_invitee" ? (
        <p className="text-[13px] text-slate-500">Invitees tell you where to meet when they book.</p>
      ) : (
        <>
          <label htmlFor={valueId} className="sr-only">
            {info.displayName} details
          </label>
          <Input
            id={valueId}
            value={location.value}
            placeholder={info.placeholder}
            invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            maxLength={500}
            onChange={(e) => onChange({ ...location, value: e.target.value })}
          />
        </>
      )}
      {location.type === "google_meet" && (
        <GoogleAccountPicker
          id={`${idPrefix}-google-account`}
          value={googleAccountId}
          onChange={onGoogleAccountChange}
        />
      )}
    </FieldGroup>
  );
}
