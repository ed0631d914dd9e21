/**
 * The embed loader, served at /embed/v1/embed.js (issue 25; built by vite.config.ts, at most 5 kB
 * gzipped). A host's website loads it async with a command queue, so calls made before it arrives
 * are replayed:
 *
 *   window.Kairos = window.Kairos || function () { (Kairos.q = Kairos.q || []).push(arguments) };
 *   Kairos("inline", { elementOrSelector: "#book", link: "ada/intro", config: { theme: "dark" } });
 *   Kairos("on", "bookingCreated", (data) => ...);
 *
 * Every `config` entry becomes a parameter of the framed page: `config: { lang: "de" }` is its
 * `?lang=de`, the language the server renders it in (issue 27, src/server/lib/language.ts).
 *
 * It adds no script or style text to the page (styles are set through the CSSOM, which a strict CSP
 * allows), so the site's CSP needs only script-src and frame-src for the Kairos origin. Messages are
 * taken only from the Kairos origin and only from frames this loader made.
 */
import {
  EMBED_LOADER_PATH,
  EMBED_MESSAGE_TYPE,
  EMBED_MESSAGE_VERSION,
  type EmbedEvent,
  type EmbedMessage,
  UTM_KEYS,
} from "../../contract/embed";

type Config = Record<string, unknown>;
interface Target {
  link: string;
  namespace?: string;
  config?: Config;
}
interface Frame {
  iframe: HTMLIFrameElement;
  namespace: string;
  onMessage(event: EmbedEvent, data: Record<string, unknown>): void;
}
type Listener = (data: Record<string, unknown>, message: EmbedMessage) => void;
type Queue = { (...args: unknown[]): void; q?: ArrayLike<unknown>[]; loaded?: boolean };

const win = window as unknown as { Kairos?: Queue };
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>(`script[src*="${EMBED_LOADER_PATH}"]`);
const kairosOrigin = new URL(script?.src ?? location.href).origin;
const frames: Frame[] = [];
const listeners: { event: string; fn: Listener; namespace?: string }[] = [];

/** Sets styles through the CSSOM (allowed under a CSP without 'unsafe-inline'). */
function styled<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

/** The frame's address: the Kairos page, the embed options, and the site's own UTM parameters. */
function frameUrl(target: Target, layout: "inline" | "popup", namespace: string): string {
  const url = new URL(target.link.replace(/^\/+/, "/"), `${kairosOrigin}/`);
  if (url.origin !== kairosOrigin) throw new Error(`Kairos: not a Kairos page: ${target.link}`);
  const q = url.searchParams;
  q.set("embed", "1");
  q.set("embedOrigin", location.origin);
  q.set("embedNs", namespace);
  q.set("layout", layout);
  const here = new URLSearchParams(location.search);
  for (const key of UTM_KEYS) if (here.get(key)) q.set(key, here.get(key) as string);
  for (const [key, value] of Object.entries(target.config ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "metadata" && typeof value === "object") {
      for (const [k, v] of Object.entries(value as Config)) q.set(`metadata[${k}]`, String(v));
    } else if (key === "guests" && Array.isArray(value)) q.set("guests", value.join(","));
    else q.set(key, value === true ? "1" : String(value));
  }
  return url.toString();
}

function makeFrame(target: Target, layout: "inline" | "popup", onMessage: Frame["onMessage"]): Frame {
  const namespace = target.namespace ?? "default";
  const iframe = styled("iframe", { border: "0", width: "100%", display: "block", colorScheme: "normal" });
  iframe.title = "Book a meeting";
  iframe.src = frameUrl(target, layout, namespace);
  const frame = { iframe, namespace, onMessage };
  frames.push(frame);
  return frame;
}

window.addEventListener("message", (event) => {
  if (event.origin !== kairosOrigin) return;
  const message = event.data as EmbedMessage | null;
  if (message?.type !== EMBED_MESSAGE_TYPE || message.version !== EMBED_MESSAGE_VERSION) return;
  const frame = frames.find((f) => f.iframe.contentWindow === event.source);
  if (!frame) return;
  const data = message.data ?? {};
  frame.onMessage(message.event, data);
  for (const l of listeners) {
    if (l.event !== message.event && l.event !== "*") continue;
    if (l.namespace && l.namespace !== frame.namespace) continue;
    l.fn(data, { ...message, namespace: frame.namespace });
  }
});

function inline(options: Target & { elementOrSelector: string | Element }): void {
  const { elementOrSelector: at } = options;
  const host = typeof at === "string" ? document.querySelector(at) : at;
  if (!host) throw new Error(`Kairos: no element ${String(at)}`);
  const frame = makeFrame(options, "inline", (event, data) => {
    // The page's own height, so the frame never scrolls inside (and never traps a phone's scrolling).
    if (event === "heightChanged" && typeof data.height === "number") {
      frame.iframe.style.height = `${Math.ceil(data.height)}px`;
    }
  });
  frame.iframe.style.height = "640px";
  frame.iframe.setAttribute("scrolling", "no");
  host.replaceChildren(frame.iframe);
}

interface Popup {
  key: string;
  backdrop: HTMLDivElement;
  frame: Frame;
  booked: boolean;
}
let popups: Popup[] = [];
let open: { popup: Popup; opener: Element | null; inert: Element[] } | null = null;

const keyOf = (target: Target) => JSON.stringify([target.link, target.namespace, target.config]);

/** The popup of this target, made ahead (hidden) so it opens at once. */
function preparePopup(target: Target): Popup {
  const key = keyOf(target);
  const made = popups.find((p) => p.key === key);
  if (made) return made;
  const backdrop = styled("div", {
    position: "fixed",
    inset: "0",
    zIndex: "2147483000",
    background: "rgba(15, 23, 42, 0.55)",
    display: "none",
    alignItems: "center",
    justifyContent: "center",
  });
  const dialog = styled("div", {
    position: "relative",
    width: "min(1060px, 100vw - 16px)",
    height: "min(760px, 100dvh - 16px)",
    background: "#fff",
    borderRadius: "10px",
    overflow: "hidden",
    boxShadow: "0 20px 50px rgba(0,0,0,.3)",
  });
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-label", "Book a meeting");
  const skeleton = styled("div", {
    position: "absolute",
    inset: "0",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    font: "15px system-ui, sans-serif",
    color: "#475569",
  });
  skeleton.setAttribute("role", "status");
  skeleton.textContent = "Loading…";
  const close = styled("button", {
    position: "absolute",
    top: "8px",
    right: "8px",
    zIndex: "1",
    width: "36px",
    height: "36px",
    border: "0",
    borderRadius: "18px",
    background: "#f1f5f9",
    color: "#0f172a",
    font: "22px/36px system-ui, sans-serif",
    cursor: "pointer",
  });
  close.type = "button";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  close.addEventListener("click", closePopup);
  const popup: Popup = { key, backdrop, booked: false, frame: null as unknown as Frame };
  popup.frame = makeFrame(target, "popup", (event) => {
    if (event === "ready") skeleton.style.display = "none";
    if (event === "bookingCreated") popup.booked = true;
  });
  popup.frame.iframe.style.height = "100%";
  dialog.append(skeleton, popup.frame.iframe, close);
  backdrop.append(dialog);
  backdrop.addEventListener("click", (e) => {
    if (e.target === backdrop) closePopup();
  });
  document.body.append(backdrop);
  popups.push(popup);
  return popup;
}

function openPopup(target: Target, opener: Element | null = document.activeElement): void {
  if (open) closePopup();
  const popup = preparePopup(target);
  popup.backdrop.style.display = "flex";
  // The rest of the page is out of reach while the dialog is open (focus and screen readers stay in it).
  const inert = Array.from(document.body.children).filter(
    (e) => e !== popup.backdrop && !e.hasAttribute("inert"),
  );
  for (const element of inert) element.setAttribute("inert", "");
  open = { popup, opener, inert };
  (popup.backdrop.querySelector("button") as HTMLButtonElement).focus();
}

function closePopup(): void {
  if (!open) return;
  const { popup, opener, inert } = open;
  open = null;
  for (const element of inert) element.removeAttribute("inert");
  popup.backdrop.style.display = "none";
  // A finished booking starts afresh next time.
  if (popup.booked) {
    popup.backdrop.remove();
    popups = popups.filter((p) => p !== popup);
    frames.splice(frames.indexOf(popup.frame), 1);
  }
  if (opener instanceof HTMLElement) opener.focus();
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && open) closePopup();
});

/** `<button data-kairos-link="ada/intro" data-kairos-namespace="..." data-kairos-config='{...}'>`. */
function targetOf(element: Element, attribute = "data-kairos-link"): Target | null {
  const link = element.getAttribute(attribute);
  if (!link) return null;
  let config: Config | undefined;
  try {
    config = JSON.parse(element.getAttribute("data-kairos-config") ?? "{}") as Config;
  } catch {
    config = undefined;
  }
  return { link, namespace: element.getAttribute("data-kairos-namespace") ?? undefined, config };
}
const linked = (e: Event) => (e.target instanceof Element ? e.target.closest("[data-kairos-link]") : null);
document.addEventListener("click", (e) => {
  const element = linked(e);
  const target = element && targetOf(element);
  if (!target) return;
  e.preventDefault();
  openPopup(target, element);
});
for (const type of ["pointerover", "focusin"]) {
  document.addEventListener(type, (e) => {
    const element = linked(e);
    const target = element && targetOf(element);
    if (target) preparePopup(target);
  });
}

/** Floating buttons by namespace and page: asked again (a React effect on every mount), one stays. */
const floatingButtons = new Map<string, HTMLElement>();

function floating(options: Target & { buttonText?: string; buttonColor?: string }): void {
  const key = `${options.namespace ?? "default"} ${options.link}`;
  if (floatingButtons.get(key)?.isConnected) return;
  const button = styled("button", {
    position: "fixed",
    right: "20px",
    bottom: "20px",
    zIndex: "2147482000",
    padding: "14px 20px",
    border: "0",
    borderRadius: "999px",
    background: options.buttonColor ?? "#2563eb",
    color: "#fff",
    font: "600 15px system-ui, sans-serif",
    boxShadow: "0 8px 24px rgba(0,0,0,.25)",
    cursor: "pointer",
  });
  button.type = "button";
  button.textContent = options.buttonText ?? "Book a meeting";
  button.addEventListener("click", () => openPopup(options, button));
  button.addEventListener("pointerover", () => preparePopup(options));
  document.body.append(button);
  floatingButtons.set(key, button);
  // Ready before the first click when the browser is idle.
  (window.requestIdleCallback ?? setTimeout)(() => preparePopup(options));
}

function run(command: unknown, ...args: unknown[]): void {
  const first = args[0] as never;
  if (command === "inline") inline(first);
  else if (command === "popup") openPopup(first);
  else if (command === "preload") preparePopup(first);
  else if (command === "floating") floating(first);
  else if (command === "on" && typeof args[1] === "function") {
    const options = (args[2] ?? {}) as { namespace?: string };
    listeners.push({ event: String(first), fn: args[1] as Listener, namespace: options.namespace });
  } else if (command === "off") {
    const at = listeners.findIndex((l) => l.event === String(first) && l.fn === args[1]);
    if (at >= 0) listeners.splice(at, 1);
  } else console.warn("Kairos: unknown command", command);
}

if (!win.Kairos?.loaded) {
  const queued = win.Kairos?.q ?? [];
  const api: Queue = (...args: unknown[]) => {
    try {
      run(...(args as [unknown, ...unknown[]]));
    } catch (error) {
      console.error(error);
    }
  };
  api.loaded = true;
  win.Kairos = api;
  for (const args of Array.from(queued)) api(...Array.from(args));
  // Declarative embeds need no script of the site's own (a strict CSP allows no inline one):
  // <div data-kairos-inline="ada/intro" ...> and, on this script's tag, data-kairos-floating="ada/intro".
  const declared = () => {
    for (const element of Array.from(document.querySelectorAll("[data-kairos-inline]"))) {
      const target = targetOf(element, "data-kairos-inline");
      if (target) api("inline", { ...target, elementOrSelector: element });
    }
    const float = script && targetOf(script, "data-kairos-floating");
    if (float)
      api("floating", { ...float, buttonText: script?.getAttribute("data-kairos-button") ?? undefined });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", declared);
  else declared();
  // Popups on the page's own links, made ahead when the browser is idle.
  (window.requestIdleCallback ?? setTimeout)(() => {
    for (const element of Array.from(document.querySelectorAll("[data-kairos-link]")).slice(0, 3)) {
      const target = targetOf(element);
      if (target) preparePopup(target);
    }
  });
}
