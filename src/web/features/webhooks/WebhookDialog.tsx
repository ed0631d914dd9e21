import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  webhookCreateBody,
} from "../../../contract/webhooks";
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
import { setServerErrors } from "../../lib/formErrors";
import {
  useCreateWebhook,
  useUpdateWebhook,
  type WebhookSubscription,
  type WebhookWithSecret,
} from "./queries";

type FormInput = z.input<typeof webhookCreateBody>;
type FormOutput = z.output<typeof webhookCreateBody>;

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
      setServerErrors(error, setError, ["url", "events"], "url", "Could not save the subscription");
    }
  });

  return (
    <DialogContent
      title={subscription ? "Edit webhook" : "Add webhook"}
      description="Kairos sends a signed POST to this URL when one of the chosen events happens."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field label="Endpoint URL" htmlFor="webhook-url" error={errors.url?.message}>
          <Input
            id="webhook-url"
            type="url"
            placeholder="https://example.com/kairos-webhook"
            autoComplete="url"
            invalid={!!errors.url}
            aria-describedby={errors.url ? "webhook-url-error" : undefined}
            {...register("url")}
          />
        </Field>
        <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="font-medium text-slate-900 text-sm">Events</legend>
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
                        {WEBHOOK_EVENT_LABELS[event]} <code className="text-slate-500 text-xs">{event}</code>
                      </Label>
                    </li>
                  ))}
                </ul>
              );
            }}
          />
          {errors.events && (
            <p id="webhook-events-error" role="alert" className="mt-1.5 text-red-600 text-sm">
              {errors.events.message ?? errors.events.root?.message}
            </p>
          )}
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting}>
            {subscription ? "Save" : "Add webhook"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
