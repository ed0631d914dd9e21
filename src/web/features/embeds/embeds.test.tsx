// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { EmbedCodePanel } from "./EmbedCodePanel";
import { EmbedsSection } from "./EmbedsSection";

const value = (id: string) => (document.getElementById(id) as HTMLTextAreaElement).value;

describe("Share > Embed", () => {
  it("writes the snippet for the chosen mode and options, leaving out a colour that is not hex", async () => {
    const copied: string[] = [];
    renderScreen(
      <EmbedCodePanel
        pages={[
          { link: "ada/intro", label: "This event type" },
          { link: "ada", label: "Your profile (all event types)" },
        ]}
        copy={(t) => copied.push(t)}
      />,
    );
    const origin = window.location.origin;
    expect(value("embed-html")).toBe(
      `<div data-kairos-inline="ada/intro"></div>\n<script async src="${origin}/embed/v1/embed.js"></script>`,
    );
    fireEvent.change(screen.getByLabelText("Mode"), { target: { value: "popup" } });
    fireEvent.change(screen.getByLabelText("Theme"), { target: { value: "dark" } });
    fireEvent.input(screen.getByLabelText("Prefill name"), { target: { value: "O'Brien <x>" } });
    fireEvent.input(screen.getByLabelText("Brand colour"), { target: { value: "red;x" } });
    expect(await screen.findByText("Use a hex colour like #2563eb")).toBeTruthy();
    await waitFor(() =>
      expect(value("embed-html")).toBe(
        `<button type="button" data-kairos-link="ada/intro" data-kairos-config='{"theme":"dark","name":"O&#39;Brien &lt;x>"}'>Book a meeting</button>\n<script async src="${origin}/embed/v1/embed.js"></script>`,
      ),
    );
    expect(value("embed-react")).toContain('window.Kairos("popup", { link: "ada/intro"');
    // The preview frame shows the page in embed mode with the same options.
    const preview = screen.getByTitle("Embed preview") as HTMLIFrameElement;
    expect(preview.src).toContain(`${origin}/ada/intro?embed=1`);
    expect(preview.src).toContain("theme=dark");
    expect(preview.src).not.toContain("brandColor");

    fireEvent.change(screen.getByLabelText("Page"), { target: { value: "ada" } });
    fireEvent.change(screen.getByLabelText("Mode"), { target: { value: "floating" } });
    await waitFor(() => expect(value("embed-html")).toContain('data-kairos-floating="ada"'));
    fireEvent.click(screen.getByRole("button", { name: "Copy HTML snippet" }));
    expect(copied).toEqual([value("embed-html")]);
  });
});

describe("Settings > Embeds", () => {
  it("refuses an address that is not a site before any call and saves the sites as origins", async () => {
    localStorage.setItem("auth_token", "t");
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /embeds/settings": () => ok({ allowedOrigins: ["https://old.example"] }),
      "PUT /embeds/settings": (call) => ok(call.body),
    });
    renderScreen(<EmbedsSection />);
    const box = (await screen.findByLabelText("Websites allowed to embed your pages")) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe("https://old.example"));
    fireEvent.input(box, { target: { value: "https://shop.example/path" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/is not a site address/)).toBeTruthy();
    expect(api.of("PUT", "/embeds/settings")).toHaveLength(0);

    fireEvent.input(box, { target: { value: "https://shop.example\n\n http://127.0.0.2:8080 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.of("PUT", "/embeds/settings")).toHaveLength(1));
    expect(api.of("PUT", "/embeds/settings")[0].body).toEqual({
      allowedOrigins: ["https://shop.example", "http://127.0.0.2:8080"],
    });
  });
});
