import { describe, expect, it } from "vitest";
import { renderTemplate, templateVariables } from "./template.js";

describe("renderTemplate", () => {
  const vars = { attendee_name: `Ann <b>"O'Neil"</b> & co`, event_name: "Intro", empty: "" };

  it("replaces known variables, with or without spaces and in any case", () => {
    expect(renderTemplate("Hi {{attendee_name}}, {{ event_name }} / {{EVENT_NAME}}", vars)).toBe(
      `Hi Ann <b>"O'Neil"</b> & co, Intro / Intro`,
    );
    expect(renderTemplate("[{{empty}}]", vars)).toBe("[]");
  });

  it("keeps unknown names as written and never evaluates anything", () => {
    expect(renderTemplate("{{nope}} {{constructor}} {{__proto__}} {{ event_name.length }}", vars)).toBe(
      "{{nope}} {{constructor}} {{__proto__}} {{ event_name.length }}",
    );
  });

  it("escapes values for HTML and for JSON strings, never the template itself", () => {
    expect(renderTemplate("<p>{{attendee_name}}</p>", vars, "html")).toBe(
      "<p>Ann &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt; &amp; co</p>",
    );
    const json = renderTemplate(
      '{"name":"{{attendee_name}}","line":"{{x}}"}',
      { ...vars, x: "a\nb\\" },
      "json",
    );
    expect(JSON.parse(json)).toEqual({ name: vars.attendee_name, line: "a\nb\\" });
  });

  it("does not expand a value that itself looks like a placeholder", () => {
    expect(renderTemplate("{{a}}", { a: "{{b}}", b: "boom" })).toBe("{{b}}");
  });

  it("lists the variables a template uses", () => {
    expect([...templateVariables("{{cancel_link}} and {{ Reschedule_Link }} {{cancel_link}}")]).toEqual([
      "cancel_link",
      "reschedule_link",
    ]);
  });
});
