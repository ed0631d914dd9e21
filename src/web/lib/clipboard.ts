import { toast } from "../components/ui";

export const COPIED_MESSAGE = "Copied to clipboard successfully...";

/** Copies text and toasts the spec's message; falls back to a hidden textarea without the async API. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand("copy");
      area.remove();
      if (!ok) throw new Error("copy refused");
    }
    toast.success(COPIED_MESSAGE);
    return true;
  } catch {
    toast.error("Could not copy the link. Select it and copy it by hand.");
    return false;
  }
}
