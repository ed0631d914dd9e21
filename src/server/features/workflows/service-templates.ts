import type { WorkflowTemplate } from "../../../contract/workflows.js";

/** GET /workflows/templates/list: the dialog's first step (spec section 2). */
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
