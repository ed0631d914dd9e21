import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AnswerData } from "../../../contract/responses/shared";
import type { usersResponses } from "../../../contract/responses/users";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, Dialog, DialogContent, DialogFooter, Field, Input, toast } from "../../components/ui";
import { api, errorMessage, request, saveFile } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";

/** Data: download everything as JSON; delete the account. */
export function DataSection() {
  const { user } = useAuth();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  const download = async () => {
    setDownloading(true);
    try {
      const data = await api.get<AnswerData<typeof usersResponses.export>>("/users/export");
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }),
        `kairos-${user.username}-${new Date().toISOString().slice(0, 10)}.json`,
      );
    } catch {
      toast.error(t("settings.data.downloadFailed"), { description: t("settings.tryAgain") });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SettingsCard id="data" title={t("settings.nav.data")} description={t("settings.data.description")}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-md text-slate-600 text-sm">{t("settings.data.downloadText")}</p>
          <Button variant="outline" loading={downloading} onClick={() => void download()}>
            <Download size={16} aria-hidden />{" "}
            {downloading ? t("settings.data.preparing") : t("settings.data.download")}
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50/60 px-4 py-4">
          <div className="max-w-md">
            <p className="font-medium text-red-800 text-sm">{t("settings.data.delete")}</p>
            <p className="mt-1 text-red-700 text-sm">{t("settings.data.deleteText")}</p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 size={16} aria-hidden /> {t("settings.data.delete")}
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
      setError(t("settings.data.typeEmail"));
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
      toast.success(t("settings.data.deleted"));
    } catch (e) {
      setError(errorMessage(e, t("settings.data.deleteFailed")));
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
        title={t("settings.data.deleteTitle")}
        description={t("settings.data.deleteDescription")}
        widthClassName="max-w-md"
        role="alertdialog"
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("settings.data.typeToConfirm", { email })}
            htmlFor="delete-confirm-email"
            error={error ?? undefined}
          >
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
              {t("settings.cancel")}
            </Button>
            <Button type="submit" variant="danger" loading={busy} disabled={!matches && !busy}>
              {busy ? t("settings.deleting") : t("settings.data.delete")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
