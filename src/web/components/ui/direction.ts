import { useSyncExternalStore } from "react";
import { isRtl } from "../../../contract/languages";
import { currentLocale, i18n } from "../../lib/i18n";

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const direction = () => (isRtl(currentLocale()) ? "rtl" : "ltr");

/**
 * The reading direction of the active language. Radix parts that lay out or move by side (tabs' arrow
 * keys, menus' alignment) default to left to right; they take this instead (Arabic reads right to left).
 */
export function useDirection(): "ltr" | "rtl" {
  return useSyncExternalStore(subscribe, direction, direction);
}
