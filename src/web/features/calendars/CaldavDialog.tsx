import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { CalendarAccountDto, ConnectCaldavBody } from "../../../contract/calendars";
import { Button, DialogClose, DialogContent, DialogFooter, Field, Input, toast } from "../../components/ui";
import { ApiError, api } from "../../lib/api";
import { calendarAccountsKey } from "./queries";

/** Connect a CalDAV calendar (iCloud, Fastmail, Nextcloud, a server of your own) with an app password. */
export function CaldavDialog({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ConnectCaldavBody>({ serverUrl: "", username: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const connect = useMutation({
    mutationFn: (body: ConnectCaldavBody) => api.post<CalendarAccountDto>("/calendar-accounts/caldav", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarAccountsKey });
      toast.success("Calendar connected");
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else setErrors({ serverUrl: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    connect.mutate(form);
  };
  const field = (key: keyof ConnectCaldavBody) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
    "aria-invalid": errors[key] ? true : undefined,
  });

  return (
    <DialogContent
      title="Connect a CalDAV calendar"
      description="iCloud, Fastmail, Nextcloud or your own server. Use an app password, not your main password."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field
          label="Server address"
          htmlFor="caldav-url"
          error={errors.serverUrl}
          hint="e.g. https://caldav.icloud.com/"
        >
          <Input
            id="caldav-url"
            type="url"
            required
            autoComplete="url"
            placeholder="https://"
            {...field("serverUrl")}
          />
        </Field>
        <Field label="User name" htmlFor="caldav-user" error={errors.username}>
          <Input id="caldav-user" required autoComplete="username" {...field("username")} />
        </Field>
        <Field label="App password" htmlFor="caldav-password" error={errors.password}>
          <Input
            id="caldav-password"
            type="password"
            required
            autoComplete="current-password"
            {...field("password")}
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={connect.isPending}>
            {connect.isPending ? "Connecting..." : "Connect"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
