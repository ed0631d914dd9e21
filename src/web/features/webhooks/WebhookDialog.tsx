import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { WEBHOOK_EVENTS, type WebhookEvent, webhookCreateBody } from "../../../contract/webhooks";
import {
  Button,
  Checkbox,
  DialogClose,
  DialogContent,
  DialogFooter,
  Field,
  Input,
  Label,
} from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { setServerErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import {
  useCreateWebhook,
  useUpdateWebhook,
  type WebhookSubscription,
  type WebhookWithSecret,
} from "./queries";

/** The events' names in the app's language. */
const EVENT_LABELS: Record<WebhookEvent, AppMessageId> = {
  "booking.created": "webhooks.event.bookingCreated",
  "booking.rescheduled": "webhooks.event.bookingRescheduled",
  "booking.cancelled": "webhooks.event.bookingCancelled",
  "booking.no_show": "webhooks.event.bookingNoShow",
  "booking.requested": "webhooks.event.bookingRequested",
  "booking.request_declined": "webhooks.event.requestDeclined",
  "booking.request_expired": "webhooks.event.requestExpired",
  "contact.created": "webhooks.event.contactCreated",
  "contact.updated": "webhooks.event.contactUpdated",
};

type FormInput = z.input<typeof webhookCreateBody>;
type FormOutput = z.output<typeof webhookCreateBody>;

/** An address, the same in every language. */
const URL_EXAMPLE = "https://example.com/kairos-webhook";

/** Add or edit a subscription: the URL and the events as checkboxes (the contract's schema checks both). */
export function WebhookDialog({
  subscription,
  onDone,
}: {
  subscription?: WebhookSubscription;
  /** After a save; a new subscription comes with its secret, shown once by the caller. */
  onDone: (created?: WebhookWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookCreateBody),
    defaultValues: {
      url: subscription?.url ?? "",
      events: subscription?.events ?? ["booking.created"],
      active: subscription?.active ?? true,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (subscription) {
        await update.mutateAsync({ id: subscription._id, body: { url: body.url, events: body.events } });
        onDone();
      } else {
        onDone(await create.mutateAsync(body));
      }
    } catch (error) {
      setServerErrors(error, setError, ["url", "events"], "url", t("webhooks.dialog.saveFailed"));
    }
  });

  return (
    <DialogContent
      title={t(subscription ? "webhooks.dialog.editTitle" : "webhooks.add")}
      description={t("webhooks.dialog.description")}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field label={t("webhooks.dialog.url")} htmlFor="webhook-url" error={errors.url?.message}>
          <Input
            id="webhook-url"
            type="url"
            placeholder={URL_EXAMPLE}
            autoComplete="url"
            invalid={!!errors.url}
            aria-describedby={errors.url ? "webhook-url-error" : undefined}
            {...register("url")}
          />
        </Field>
        <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="font-medium text-slate-900 text-sm">{t("webhooks.dialog.events")}</legend>
          <Controller
            control={control}
            name="events"
            render={({ field }) => {
              const chosen = new Set(field.value as WebhookEvent[]);
              return (
                <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                  {WEBHOOK_EVENTS.map((event) => (
                    <li key={event} className="flex items-center gap-2">
                      <Checkbox
                        id={`webhook-event-${event}`}
                        checked={chosen.has(event)}
                        onCheckedChange={(on) =>
                          field.onChange(on ? [...chosen, event] : [...chosen].filter((e) => e !== event))
                        }
                      />
                      <Label htmlFor={`webhook-event-${event}`} className="cursor-pointer font-normal">
                        {t(EVENT_LABELS[event])} <code className="text-slate-500 text-xs">{event}</code>
                      </Label>
                    </li>
                  ))}
                </ul>
              );
            }}
          />
          {errors.events && (
            <p id="webhook-events-error" role="alert" className="mt-1.5 text-red-600 text-sm">
              {localizeText(errors.events.message ?? errors.events.root?.message ?? "")}
            </p>
          )}
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("webhooks.cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting}>
            {t(subscription ? "webhooks.dialog.save" : "webhooks.add")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
