import { EMBED_LOADER_PATH } from "../../../contract/embed";
import type { EmbedCodeForm } from "../../../contract/embed-settings";

/** What the frame is told besides the page (the loader turns these into its query). */
export function embedConfig(form: EmbedCodeForm): Record<string, string | boolean> {
  const config: Record<string, string | boolean> = {};
  if (form.theme !== "light") config.theme = form.theme;
  if (form.brandColor) config.brandColor = form.brandColor;
  if (form.hideDetails) config.hideDetails = true;
  if (form.name) config.name = form.name;
  if (form.email) config.email = form.email;
  return config;
}

/** Text safe inside a quoted HTML attribute: double-quoted, or single-quoted (the JSON config). */
const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const singleQuoted = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;");

/**
 * The snippets of Share > Embed for a Kairos page (`link`: "ada/intro" or "ada"). The HTML needs no
 * inline script, so it works under any CSP that lets the Kairos origin in (script-src, frame-src).
 */
export function embedSnippets(
  origin: string,
  link: string,
  form: EmbedCodeForm,
): { html: string; react: string } {
  const loader = `${origin}${EMBED_LOADER_PATH}`;
  const config = embedConfig(form);
  const json = JSON.stringify(config);
  const configAttr = Object.keys(config).length > 0 ? ` data-kairos-config='${singleQuoted(json)}'` : "";
  const script = `<script async src="${loader}"></script>`;
  const html =
    form.mode === "inline"
      ? `<div data-kairos-inline="${attr(link)}"${configAttr}></div>\n${script}`
      : form.mode === "popup"
        ? `<button type="button" data-kairos-link="${attr(link)}"${configAttr}>Book a meeting</button>\n${script}`
        : `<script async src="${loader}" data-kairos-floating="${attr(link)}"${configAttr} data-kairos-button="Book a meeting"></script>`;

  const options = `{ link: ${JSON.stringify(link)}, config: ${json} }`;
  const call =
    form.mode === "inline"
      ? `Kairos("inline", { elementOrSelector: "#kairos-booking", ...${options} });`
      : form.mode === "floating"
        ? `Kairos("floating", { ...${options}, buttonText: "Book a meeting" });`
        : `Kairos("preload", ${options});`;
  const render =
    form.mode === "inline"
      ? `<div id="kairos-booking" />`
      : form.mode === "popup"
        ? `<button type="button" onClick={() => window.Kairos("popup", ${options})}>\n      Book a meeting\n    </button>`
        : "null";
  const react = `import { useEffect } from "react";

const LOADER = ${JSON.stringify(loader)};

export function BookingEmbed() {
  useEffect(() => {
    const w = window;
    w.Kairos = w.Kairos || function () { (w.Kairos.q = w.Kairos.q || []).push(arguments); };
    if (!document.querySelector(\`script[src="\${LOADER}"]\`)) {
      const script = document.createElement("script");
      script.async = true;
      script.src = LOADER;
      document.head.append(script);
    }
    const { Kairos } = w;
    ${call}
    const onBooked = (data) => console.log("Booked", data.uid);
    Kairos("on", "bookingCreated", onBooked);
    return () => Kairos("off", "bookingCreated", onBooked);
  }, []);
  return (
    ${render}
  );
}
`;
  return { html, react };
}
