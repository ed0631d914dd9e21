import { describe, expect, it } from "vitest";
import { TEMPLATE_VARIABLES } from "../../../contract/workflows.js";
import { renderTemplate } from "../../../domain/template.js";
import { WORKFLOW_TEMPLATES } from "./service-templates.js";

const sample = Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v.name, v.sample]));

describe("workflow templates", () => {
  it("the reminder names the day itself and takes the clock time alone, as the preview shows it", () => {
    const reminder = WORKFLOW_TEMPLATES.find((t) => t.id === "meeting-reminder");
    const [action] = reminder?.actions ?? [];
    expect(action?.type).toBe("send_email");
    const subject = action?.type === "send_email" ? action.config.subject : "";
    expect(renderTemplate(subject, sample)).toBe("Reminder: Intro call tomorrow at 1:00pm");
  });

  it("every template uses only variables that exist", () => {
    const known = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.name));
    const texts = JSON.stringify(WORKFLOW_TEMPLATES);
    const used = [...texts.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
  });
});
