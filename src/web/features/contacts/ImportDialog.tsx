import { CheckCircle2, Download, FileText, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type ImportSummary, MAX_UPLOAD_BYTES } from "../../../contract/contacts";
import { Button, Dialog, DialogContent, DialogFooter, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { intlLocale, t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { downloadFile, importContacts } from "./queries";

const isCsv = (f: File) =>
  f.type === "text/csv" || f.type === "application/vnd.ms-excel" || /\.csv$/i.test(f.name);

/** Import Contact: choose a CSV, import, see the summary (spec sections 2, 4 and 5). */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timers = useRef<number[]>([]);

  const reset = () => {
    setFile(null);
    setError(null);
    setSummary(null);
  };
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const choose = (f: File | undefined) => {
    if (!f) return;
    if (!isCsv(f)) return setError(t("contacts.import.selectCsv"));
    if (f.size > MAX_UPLOAD_BYTES) return setError(t("contacts.form.avatarSize"));
    setError(null);
    setFile(f);
  };

  const run = async () => {
    if (!file) return setError(t("contacts.import.chooseFirst"));
    setBusy(true);
    setError(null);
    try {
      const result = await importContacts(file);
      setSummary(result);
      onImported();
      // Spec: the state resets about 2 s later and the dialog closes about 1 s after that; a summary
      // with failures or repeated emails stays until the host has read it.
      if (result.failed === 0 && result.duplicates.length === 0) {
        timers.current.push(
          window.setTimeout(() => {
            reset();
            timers.current.push(window.setTimeout(onClose, 1000));
          }, 2000),
        );
      }
    } catch (e) {
      setError(errorMessage(e, t("contacts.import.failed")));
    } finally {
      setBusy(false);
    }
  };

  const template = () =>
    downloadFile("/contacts/template", undefined, "contacts_template.csv").catch(() =>
      toast.error(t("contacts.import.downloadFailed")),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) {
          reset();
          onClose();
        }
      }}
    >
      <DialogContent
        title={t("contacts.import.title")}
        description={t("contacts.import.description")}
        className="max-h-[90vh]"
      >
        {summary ? (
          <div className="flex flex-col gap-3" aria-live="polite">
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <CheckCircle2 size={18} className="text-emerald-600" aria-hidden />{" "}
              {t("contacts.import.finished")}
            </p>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ["contacts.import.created", summary.created],
                  ["contacts.import.updated", summary.updated],
                  ["contacts.import.failedCount", summary.failed],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-lg border border-slate-200 py-2">
                  <dt className="text-slate-500 text-xs">{t(label)}</dt>
                  <dd className="font-semibold text-lg tabular-nums">{n.toLocaleString(intlLocale())}</dd>
                </div>
              ))}
            </dl>
            {summary.failures.length > 0 && (
              <div className="max-h-56 overflow-y-auto rounded-lg border border-slate-200">
                <table className="w-full text-start text-sm">
                  <caption className="sr-only">{t("contacts.import.notImported")}</caption>
                  <thead className="bg-slate-50 text-slate-500 text-xs">
                    <tr>
                      <th scope="col" className="px-3 py-1.5 font-medium">
                        {t("contacts.import.row")}
                      </th>
                      <th scope="col" className="px-3 py-1.5 font-medium">
                        {t("contacts.import.reason")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {summary.failures.map((f) => (
                      <tr key={`${f.row}-${f.reason}`}>
                        <td className="px-3 py-1.5 tabular-nums">{f.row}</td>
                        <td className="break-all px-3 py-1.5 text-slate-700">
                          {f.email ? `${f.email}: ` : ""}
                          {localizeText(f.reason)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {summary.duplicates.length > 0 && (
              <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
                <p className="font-medium">{t("contacts.import.repeated")}</p>
                <ul className="mt-1 max-h-32 list-disc overflow-y-auto ps-5">
                  {summary.duplicates.map((d) => (
                    <li key={d.row} className="break-all">
                      {t("contacts.import.repeats", { row: d.row, email: d.email, earlierRow: d.earlierRow })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <DialogFooter className="mt-2">
              <Button
                onClick={() => {
                  reset();
                  onClose();
                }}
              >
                {t("contacts.import.done")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <input
              ref={input}
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-label={t("contacts.import.csvFile")}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            {file ? (
              <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
                <FileText size={20} className="text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 text-sm">{file.name}</p>
                  <p className="text-slate-500 text-xs tabular-nums">
                    {t("contacts.import.kb", {
                      size: (file.size / 1024).toLocaleString(intlLocale(), {
                        minimumFractionDigits: 1,
                        maximumFractionDigits: 1,
                        useGrouping: false,
                      }),
                    })}
                  </p>
                </div>
                <button
                  type="button"
                  aria-label={t("contacts.import.removeFile")}
                  disabled={busy}
                  onClick={() => setFile(null)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                >
                  <X size={16} aria-hidden />
                </button>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => input.current?.click()}
                className="flex flex-col items-center gap-1 rounded-lg border-2 border-slate-300 border-dashed px-4 py-8 text-slate-600 text-sm hover:border-accent hover:bg-slate-50"
              >
                <FileText size={24} aria-hidden className="text-slate-500" />
                <span className="font-medium text-slate-800">{t("contacts.import.choose")}</span>
                <span className="text-slate-500 text-xs">{t("contacts.import.limits")}</span>
              </button>
            )}
            {error && (
              <p role="alert" className="text-red-600 text-sm">
                {error}
              </p>
            )}
            <button
              type="button"
              onClick={template}
              className="inline-flex items-center gap-1.5 self-start text-blue-700 text-sm hover:underline"
            >
              <Download size={14} aria-hidden /> {t("contacts.import.template")}
            </button>
            <DialogFooter className="mt-0">
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => {
                  reset();
                  onClose();
                }}
              >
                {t("contacts.cancel")}
              </Button>
              <Button onClick={run} disabled={!file || busy} loading={busy}>
                {t(busy ? "contacts.import.importing" : "contacts.import")}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
