import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { type ConnectCaldavBody, connectCaldavBody } from "../../../contract/calendars";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import { Button, DialogClose, DialogContent, DialogFooter, Field, Input, toast } from "../../components/ui";
import { ApiError, api } from "../../lib/api";
import { t } from "../../lib/i18n";
import { calendarAccountsKey } from "./queries";

/** The start of an address, the same in every language. */
const LINK_START = "https://";
const FIELDS = ["serverUrl", "username", "password"] as const;

/** Connect a CalDAV calendar (iCloud, Fastmail, Nextcloud, a server of your own) with an app password. */
export function CaldavDialog({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConnectCaldavBody>({
    // The contract's own schema: the same messages the server would give, before a round trip.
    resolver: zodResolver(connectCaldavBody),
    defaultValues: { serverUrl: "", username: "", password: "" },
  });
  const connect = useMutation({
    mutationFn: (body: ConnectCaldavBody) =>
      api.post<AnswerData<typeof calendarsResponses.connected>>("/calendar-accounts/caldav", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarAccountsKey });
      toast.success(t("calendars.caldav.connected"));
      onDone();
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      const named = FIELDS.filter((f) => fieldErrors?.[f]);
      if (named.length === 0) return setError("serverUrl", { message: error.message }, { shouldFocus: true });
      for (const f of named) setError(f, { message: fieldErrors?.[f] }, { shouldFocus: f === named[0] });
    },
  });
  const invalid = (key: keyof ConnectCaldavBody) => (errors[key] ? true : undefined);

  return (
    <DialogContent title={t("calendars.caldav.title")} description={t("calendars.caldav.description")}>
      <form
        onSubmit={handleSubmit((body) => connect.mutate(body))}
        className="flex flex-col gap-4"
        noValidate
      >
        <Field
          label={t("calendars.caldav.server")}
          htmlFor="caldav-url"
          error={errors.serverUrl?.message}
          hint={t("calendars.caldav.serverHint")}
        >
          <Input
            id="caldav-url"
            type="url"
            required
            autoComplete="url"
            placeholder={LINK_START}
            aria-invalid={invalid("serverUrl")}
            {...register("serverUrl")}
          />
        </Field>
        <Field label={t("calendars.caldav.user")} htmlFor="caldav-user" error={errors.username?.message}>
          <Input
            id="caldav-user"
            required
            autoComplete="username"
            aria-invalid={invalid("username")}
            {...register("username")}
          />
        </Field>
        <Field
          label={t("calendars.caldav.password")}
          htmlFor="caldav-password"
          error={errors.password?.message}
        >
          <Input
            id="caldav-password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={invalid("password")}
            {...register("password")}
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {t("calendars.cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" loading={connect.isPending}>
            {t(connect.isPending ? "calendars.connecting" : "calendars.caldav.connect")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
