import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../contract/languages.js";
import type { WorkflowTemplate } from "../../../contract/workflows.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { hostIn, hostSpeaking } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { templatesIn, WORKFLOW_TEMPLATES } from "./service-templates.js";

/** Each text of a template the host reads, by field, with the `{{variables}}` it holds. */
function texts(template: WorkflowTemplate): Record<string, string> {
  const out: Record<string, string> = { name: template.name, description: template.description };
  for (const action of template.actions) {
    if (action.type === "send_email")
      Object.assign(out, { subject: action.config.subject, body: action.config.body });
  }
  return out;
}
/** Each template's ids in the host app's workflow catalogue (src/i18n/app/workflows). */
const APP_KEY: Record<string, string> = {
  "welcome-email": "welcome",
  "meeting-reminder": "reminder",
  "follow-up": "followUp",
  "webhook-notification": "webhook",
  "add-to-crm": "crm",
};
const variables = (text: string) => [...text.matchAll(/\{\{\s*\w+\s*\}\}/g)].map((m) => m[0]).sort();

describe("workflow templates in the host's language", () => {
  it.each(LOCALES)("%s: every template keeps English's {{variables}}, each as often", (locale) => {
    const translated = templatesIn(locale);
    expect(translated.map((t) => t.id)).toEqual(WORKFLOW_TEMPLATES.map((t) => t.id));
    WORKFLOW_TEMPLATES.forEach((english, i) => {
      const theirs = texts(translated[i]);
      for (const [field, text] of Object.entries(texts(english))) {
        expect(theirs[field]?.trim(), `${locale} ${english.id} ${field}`).not.toBe("");
        expect(variables(theirs[field]), `${locale} ${english.id} ${field}`).toEqual(variables(text));
      }
      // Only the words change: triggers, offsets, recipients and other actions are English's.
      expect({ ...translated[i], name: "", description: "", actions: [] }).toEqual({
        ...english,
        name: "",
        description: "",
        actions: [],
      });
    });
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s: the descriptions and mails are translated", (locale) => {
    // Names may stay ('Follow-up' is Italian too; 'Webhook' is every language's), the sentences may not.
    const translated = templatesIn(locale);
    WORKFLOW_TEMPLATES.forEach((english, i) => {
      const { name: _theirs, ...theirs } = texts(translated[i]);
      const { name: _ours, ...ours } = texts(english);
      for (const [field, text] of Object.entries(ours)) expect(theirs[field], field).not.toBe(text);
    });
  });

  it.each(LOCALES)("%s: names and descriptions are the words the workflow dialog shows", (locale) => {
    const file = new URL(`../../../i18n/app/workflows/${locale}.json`, import.meta.url);
    const app = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
    for (const template of templatesIn(locale)) {
      expect(template.name).toBe(app[`workflows.template.${APP_KEY[template.id]}`]);
      expect(template.description).toBe(app[`workflows.template.${APP_KEY[template.id]}Text`]);
    }
  });

  it("English and no choice answer the spec's texts word for word", () => {
    expect(templatesIn("en")).toBe(WORKFLOW_TEMPLATES);
    expect(templatesIn(null)).toBe(WORKFLOW_TEMPLATES);
    expect(texts(WORKFLOW_TEMPLATES[0]).subject).toBe("You're booked: {{event_name}} with {{host_name}}");
  });
});

describe.each(dbKinds)("GET /workflows/templates/list on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (token: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/workflows/templates/list",
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WorkflowTemplate[];
  };

  it("answers a German host in German, with the variables untouched; an English host in the spec's English", async () => {
    const german = await hostSpeaking(t.app, "de", "Europe/Berlin", "Hanna Host");
    const english = await hostIn(t.app, "America/New_York", "Alex Host");

    const inGerman = await list(german.token);
    const welcome = texts(inGerman.find((x) => x.id === "welcome-email") as WorkflowTemplate);
    expect(welcome.name).toBe("Willkommens-E-Mail");
    expect(welcome.subject).toBe("Ihr Termin steht: {{event_name}} mit {{host_name}}");
    expect(welcome.body).toContain("vielen Dank für Ihre Buchung von {{event_name}} mit {{host_name}}");
    const reminder = texts(inGerman.find((x) => x.id === "meeting-reminder") as WorkflowTemplate);
    expect(reminder.subject).toBe("Erinnerung: {{event_name}} morgen um {{event_time}}");
    expect(inGerman.find((x) => x.id === "add-to-crm")?.name).toBe("Zum CRM hinzufügen");

    const inEnglish = await list(english.token);
    expect(inEnglish).toEqual(JSON.parse(JSON.stringify(WORKFLOW_TEMPLATES)));
  });
});
