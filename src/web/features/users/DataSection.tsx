import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, Dialog, DialogContent, DialogFooter, Field, Input, toast } from "../../components/ui";
import { api, request, saveFile } from "../../lib/api";
import { useAuth } from "../../lib/auth";

/** Data: download everything as JSON; delete the account. */
export function DataSection() {
  const { user } = useAuth();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  const download = async () => {
    setDownloading(true);
    try {
      const data = await api.get<unknown>("/users/export");
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }),
        `kairos-${user.username}-${new Date().toISOString().slice(0, 10)}.json`,
      );
    } catch {
      toast.error("Could not download your data", { description: "Please try again." });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SettingsCard id="data" title="Your data" description="Take your data with you, or close your account.">
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-md text-slate-600 text-sm">
            Download your profile, event types, schedules, settings, holidays, bookings, contacts and sign-in
            methods as one JSON file.
          </p>
          <Button variant="outline" loading={downloading} onClick={() => void download()}>
            <Download size={16} aria-hidden /> {downloading ? "Preparing..." : "Download my data"}
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50/60 px-4 py-4">
          <div className="max-w-md">
            <p className="font-medium text-red-800 text-sm">Delete account</p>
            <p className="mt-1 text-red-700 text-sm">
              Upcoming meetings are cancelled and invitees are told. Everything else is removed for good.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 size={16} aria-hidden /> Delete account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} email={user.email} />
    </SettingsCard>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setError("Type your account's email address to confirm");
      return;
    }
    setBusy(true);
    try {
      await request("DELETE", "/users/me", { email: typed.trim().toLowerCase() });
      // Off the host area, signed out as "leaving": the navigation to "/" can still be pending (its lazy
      // chunk) when the sign-out renders this page signed out, and the guard then waits for it instead
      // of sending the browser to /login (CI saw /login in two runs when the guard redirected).
      await navigate("/", { replace: true, flushSync: true });
      await signOut({ leaving: true });
      toast.success("Your account was deleted");
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not delete the account");
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
        setTyped("");
        setError(null);
      }}
    >
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. Your upcoming meetings are cancelled and the invitees get a notice."
        widthClassName="max-w-md"
        role="alertdialog"
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <Field label={`Type ${email} to confirm`} htmlFor="delete-confirm-email" error={error ?? undefined}>
            <Input
              id="delete-confirm-email"
              type="email"
              autoComplete="off"
              value={typed}
              invalid={!!error}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                setError(null);
              }}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={busy} disabled={!matches && !busy}>
              {busy ? "Deleting..." : "Delete account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
