import { TEMPLATE_VARIABLES, type WorkflowAction } from "../../../contract/workflows";
import { renderTemplate } from "../../../domain/template";
import { currentLocale, t } from "../../lib/i18n";
import { actionLabel, STAGE_LABELS } from "./format";

const SAMPLE: Record<string, string> = Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v.name, v.sample]));

const samplePayload = (type: string) =>
  JSON.stringify(
    {
      id: "evt_…",
      type,
      timestamp: "2027-03-14T13:00:00.000Z",
      data: {
        booking: {
          eventType: { name: SAMPLE.event_name },
          startTime: "2027-03-15T07:30:00.000Z",
          attendee: { name: SAMPLE.attendee_name, email: SAMPLE.attendee_email, timezone: SAMPLE.timezone },
          meetingLink: SAMPLE.meeting_link,
          links: { reschedule: "…", cancel: "…" },
        },
      },
    },
    null,
    2,
  );

/** What each action would send for a sample booking, as the host types. */
export function Preview({ actions, trigger }: { actions: WorkflowAction[]; trigger: string }) {
  return (
    <div className="space-y-3" aria-live="polite">
      {actions.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id
        <div key={i} className="rounded-lg border border-slate-200 bg-white">
          <p className="border-slate-200 border-b px-3 py-2 font-medium text-slate-500 text-xs uppercase tracking-wide">
            {i + 1}. {actionLabel(a.type)}
          </p>
          <div className="px-3 py-2 text-sm">
            {a.type === "send_email" && (
              <>
                <p className="font-semibold text-slate-900">
                  {renderTemplate(a.config.subject, SAMPLE) || t("workflows.preview.noSubject")}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">
                  {renderTemplate(a.config.body, SAMPLE) || t("workflows.preview.emptyBody")}
                </p>
              </>
            )}
            {a.type === "send_sms" && (
              <p className="whitespace-pre-wrap break-words rounded-2xl rounded-es-sm bg-slate-100 px-3 py-2 text-slate-800">
                {renderTemplate(a.config.message, SAMPLE) || t("workflows.preview.emptyText")}
              </p>
            )}
            {a.type === "webhook" && (
              <>
                <p className="break-all font-mono text-slate-700 text-xs">
                  {a.config.method} {a.config.url || t("workflows.preview.noUrl")}
                </p>
                <section
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so keyboards can scroll it
                  tabIndex={0}
                  aria-label={t("workflows.preview.webhookBody")}
                  className="mt-2 max-h-48 overflow-auto rounded bg-slate-50 p-2 focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <pre className="whitespace-pre-wrap break-words font-mono text-slate-700 text-xs">
                    {a.config.body.trim()
                      ? renderTemplate(a.config.body, SAMPLE, "json")
                      : samplePayload(trigger)}
                  </pre>
                </section>
              </>
            )}
            {a.type === "add_to_crm" && (
              <p className="text-slate-700">
                {t(
                  a.config.stage
                    ? a.config.tags.length
                      ? "workflows.preview.crmStageTags"
                      : "workflows.preview.crmStage"
                    : a.config.tags.length
                      ? "workflows.preview.crmTags"
                      : "workflows.preview.crm",
                  {
                    name: SAMPLE.attendee_name,
                    email: SAMPLE.attendee_email,
                    // English names the stage as stored ("as lead"), as it always has.
                    stage: !a.config.stage
                      ? ""
                      : currentLocale() === "en"
                        ? a.config.stage
                        : t(STAGE_LABELS[a.config.stage]),
                    tags: a.config.tags.join(", "),
                  },
                )}
              </p>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
