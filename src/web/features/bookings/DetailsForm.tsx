import { ArrowLeft } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { phoneRule } from "../../../contract/phone-field";
import { Button } from "../../components/ui/Button";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { Textarea } from "../../components/ui/Textarea";
import { t } from "../../lib/i18n";
import { BookingAlertBox } from "./BookingAlertBox";
import type { BookingAlert } from "./bookingErrors";
import { GuestsField } from "./GuestsField";
import { LocationPicker } from "./LocationPicker";
import { PhoneField } from "./PhoneField";
import { defaultPhoneCountry, usePhoneLib } from "./phoneLib";
import { QuestionField } from "./QuestionField";
import {
  chosenLocationIndex,
  chosenLocationType,
  type DetailsValues,
  type FieldErrors,
  fieldOrder,
  validateDetails,
} from "./validation";

export interface DetailsFormProps {
  eventType: EventTypeDto;
  /** The invitee's zone: the phone's country defaults to its country. */
  zone: string;
  values: DetailsValues;
  onValuesChange: (values: DetailsValues) => void;
  onBack: () => void;
  onSubmit: (values: DetailsValues) => void;
  submitting: boolean;
  /** The booking will be a request the host confirms (issue 28): the button says so. */
  isRequest?: boolean;
  alert: BookingAlert | null;
  /** Per-field errors the server sent back. */
  serverErrors: FieldErrors;
}

const FIELD_IDS: Record<string, string> = {
  name: "booking-name",
  email: "booking-email",
  phone: "booking-phone",
  location: "booking-location",
  guests: "booking-guests",
  message: "booking-message",
};
const fieldId = (key: string) => FIELD_IDS[key] ?? `booking-${key}`;

/** Step 2 'Enter Details': validates on blur and on submit; the first invalid field gets focus. */
export function DetailsForm({
  eventType,
  zone,
  values,
  onValuesChange,
  onBack,
  onSubmit,
  submitting,
  isRequest = false,
  alert,
  serverErrors,
}: DetailsFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const guestsPending = useRef(false);
  const locationType = chosenLocationType(eventType.locations, values);
  const asksLocation = locationType === "ask_invitee";
  const shown = { ...serverErrors, ...errors };
  // Issue 14 item 8: the event type says required, optional or hidden; a phone call always needs it.
  const lib = usePhoneLib();
  const phone = {
    rule: phoneRule(eventType.phoneField, locationType),
    lib,
    country: values.phoneCountry || (lib ? defaultPhoneCountry(lib, zone) : ""),
  };

  const set = <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) => {
    onValuesChange({ ...values, [key]: value });
    // Once a message is showing, it follows the typing; otherwise wait for blur.
    if (errors[key]) setErrors((e) => ({ ...e, [key]: check(key, { ...values, [key]: value }) }));
  };
  const check = (key: string, v: DetailsValues) =>
    validateDetails(v, eventType.questions, asksLocation, phone)[key];
  const blur = (key: string) => () => setErrors((e) => ({ ...e, [key]: check(key, values) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDetails(values, eventType.questions, asksLocation, phone);
    if (guestsPending.current) found.guests = t("details.fixGuest");
    setErrors(found);
    const first = fieldOrder(eventType.questions).find((key) => found[key]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    onSubmit(
      phone.rule === "hidden"
        ? { ...values, phone: "", phoneCountry: "" }
        : { ...values, phoneCountry: phone.country },
    );
  };

  const describedBy = (key: string) => (shown[key] ? `${fieldId(key)}-error` : undefined);

  return (
    <form noValidate onSubmit={submit} aria-labelledby="details-heading" className="flex flex-col gap-5">
      <div>
        <button
          type="button"
          onClick={onBack}
          className="-ms-2 mb-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-accent-strong text-sm hover:bg-accent-soft"
        >
          <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" /> {t("details.back")}
        </button>
        <h2 id="details-heading" className="font-semibold text-[20px] text-slate-900 leading-7">
          {t("details.heading")}
        </h2>
      </div>

      <BookingAlertBox alert={alert} />

      <Field label={t("details.name")} required htmlFor={fieldId("name")} error={shown.name}>
        <Input
          id={fieldId("name")}
          autoComplete="name"
          aria-required
          value={values.name}
          invalid={!!shown.name}
          aria-describedby={describedBy("name")}
          onChange={(e) => set("name", e.target.value)}
          onBlur={blur("name")}
        />
      </Field>
      <Field label={t("details.email")} required htmlFor={fieldId("email")} error={shown.email}>
        <Input
          id={fieldId("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
          value={values.email}
          invalid={!!shown.email}
          aria-describedby={describedBy("email")}
          onChange={(e) => set("email", e.target.value)}
          onBlur={blur("email")}
        />
      </Field>
      {phone.rule !== "hidden" && (
        <PhoneField
          id={fieldId("phone")}
          lib={lib}
          value={values.phone}
          country={phone.country}
          optional={phone.rule === "optional"}
          error={shown.phone}
          describedBy={describedBy("phone")}
          onChange={(value, country) => {
            const next = { ...values, phone: value, phoneCountry: country };
            onValuesChange(next);
            if (errors.phone) setErrors((e) => ({ ...e, phone: check("phone", next) }));
          }}
          onBlur={blur("phone")}
        />
      )}
      <LocationPicker
        locations={eventType.locations}
        selected={chosenLocationIndex(eventType.locations, values)}
        onSelect={(index) => {
          onValuesChange({ ...values, locationType: String(index) });
          setErrors((e) => ({ ...e, location: undefined }));
        }}
        value={values.location}
        onValueChange={(v) => set("location", v)}
        onBlur={blur("location")}
        error={shown.location}
        inputId={fieldId("location")}
      />

      <GuestsField
        guests={values.guests}
        onChange={(guests) => onValuesChange({ ...values, guests })}
        error={shown.guests}
        onPendingErrorChange={(pending) => {
          guestsPending.current = pending;
          if (!pending && errors.guests) setErrors((e) => ({ ...e, guests: undefined }));
        }}
      />

      <Field label={t("details.message")} htmlFor={fieldId("message")} error={shown.message}>
        <Textarea
          id={fieldId("message")}
          rows={4}
          value={values.message}
          invalid={!!shown.message}
          aria-describedby={describedBy("message")}
          onChange={(e) => set("message", e.target.value)}
          onBlur={blur("message")}
        />
      </Field>

      {eventType.questions.map((q, i) => (
        <QuestionField
          // Questions have no stable id in old data; their order is fixed for this page view.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={i}
          question={q}
          id={fieldId(`q-${i}`)}
          value={values.answers[i] ?? ""}
          error={shown[`q-${i}`]}
          onChange={(answer) => {
            const next = { ...values, answers: { ...values.answers, [i]: answer } };
            onValuesChange(next);
            if (errors[`q-${i}`]) setErrors((e) => ({ ...e, [`q-${i}`]: check(`q-${i}`, next) }));
          }}
          onBlur={blur(`q-${i}`)}
        />
      ))}

      <div className="pt-1">
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          className="w-full rounded-full sm:w-auto sm:min-w-48"
        >
          {submitting ? t("details.scheduling") : isRequest ? t("details.request") : t("details.schedule")}
        </Button>
      </div>
    </form>
  );
}
