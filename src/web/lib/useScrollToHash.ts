import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element the URL's #fragment names, on arrival and whenever the fragment changes
 * (the router renders in-app links without the browser's own jump to the fragment).
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    // Keyboard and screen-reader users continue from the section they asked for.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [hash]);
}
