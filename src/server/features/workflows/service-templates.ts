import { TEMPLATE_VARIABLES, type WorkflowTemplate } from "../../../contract/workflows.js";
import { type MailMessageId, mailWords } from "../../mail/words.js";

/**
 * GET /workflows/templates/list: the dialog's first step (spec section 2), in the spec's English. The
 * host reads them in their app language (`templatesIn`); these stay the source and the answer to English.
 */
export const WORKFLOW_TEMPLATES: WorkflowTemplate[] = [
  {
    id: "welcome-email",
    name: "Welcome email",
    description: "Thank the invitee as soon as they book",
    trigger: { type: "event_scheduled", eventTypes: [], conditions: {} },
    actions: [
      {
        type: "send_email",
        config: {
          to: "attendee",
          subject: "You're booked: {{event_name}} with {{host_name}}",
          body: "Hi {{attendee_name}},\n\nThanks for booking {{event_name}} with {{host_name}} on {{start_time}} ({{timezone}}).\n\nJoin here: {{meeting_link}}\nNeed another time? {{reschedule_link}}\n\nSee you soon,\n{{host_name}}",
        },
      },
    ],
  },
  {
    id: "meeting-reminder",
    name: "Meeting reminder",
    description: "Remind the invitee 1 day before the meeting",
    trigger: { type: "before_event", eventTypes: [], conditions: { timeOffset: { value: 1, unit: "days" } } },
    actions: [
      {
        type: "send_email",
        config: {
          to: "attendee",
          subject: "Reminder: {{event_name}} tomorrow at {{event_time}}",
          body: "Hi {{attendee_name}},\n\nA reminder that {{event_name}} with {{host_name}} starts {{start_time}} ({{timezone}}).\n\nJoin here: {{meeting_link}}\nCan't make it? Reschedule: {{reschedule_link}} or cancel: {{cancel_link}}",
        },
      },
    ],
  },
  {
    id: "follow-up",
    name: "Follow-up",
    description: "Follow up 1 hour after the meeting ends",
    trigger: { type: "after_event", eventTypes: [], conditions: { timeOffset: { value: 1, unit: "hours" } } },
    actions: [
      {
        type: "send_email",
        config: {
          to: "attendee",
          subject: "Thanks for meeting, {{attendee_name}}",
          body: "Hi {{attendee_name}},\n\nThank you for your time at {{event_name}}. Reply to this email if anything is unclear.\n\nBest,\n{{host_name}}",
        },
      },
    ],
  },
  {
    id: "webhook-notification",
    name: "Webhook notification",
    description: "Send each new booking to your own system",
    trigger: { type: "event_scheduled", eventTypes: [], conditions: {} },
    actions: [{ type: "webhook", config: { url: "https://", method: "POST", headers: [], body: "" } }],
  },
  {
    id: "add-to-crm",
    name: "Add to CRM",
    description: "Add every invitee to Contacts as a lead",
    trigger: { type: "event_scheduled", eventTypes: [], conditions: {} },
    actions: [
      {
        type: "add_to_crm",
        config: {
          platform: "kairos",
          action: "create_or_update",
          stage: "lead",
          tags: ["booked"],
          mapping: [],
        },
      },
    ],
  },
];

/** Each template's catalogue stem (src/i18n/mail, `workflowTemplate.<stem>.*`). */
const STEMS: Record<string, string> = {
  "welcome-email": "welcome",
  "meeting-reminder": "reminder",
  "follow-up": "followUp",
  "webhook-notification": "webhook",
  "add-to-crm": "crm",
};

/**
 * The catalogue writes each `{{variable}}` as an ICU argument (`{event_name}`), so a translation keeps
 * them by construction (catalogues.test.ts compares them with English's); filling every argument with
 * its own `{{variable}}` gives the template text back, untouched.
 */
const VARIABLES = Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v.name, `{{${v.name}}}`]));

/** The templates in the host's app language (null or unknown: the spec's English, word for word). */
export function templatesIn(language: string | null | undefined): WorkflowTemplate[] {
  const words = mailWords(language);
  if (words.locale === "en") return WORKFLOW_TEMPLATES;
  return WORKFLOW_TEMPLATES.map((template) => {
    const text = (field: string) =>
      words.t(`workflowTemplate.${STEMS[template.id]}.${field}` as MailMessageId, VARIABLES);
    return {
      ...template,
      name: text("name"),
      description: text("description"),
      actions: template.actions.map((action) =>
        action.type === "send_email"
          ? { ...action, config: { ...action.config, subject: text("subject"), body: text("body") } }
          : action,
      ),
    };
  });
}
