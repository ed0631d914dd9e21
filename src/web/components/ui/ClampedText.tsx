import { useLayoutEffect, useRef, useState } from "react";
import { t } from "../../lib/i18n";

/**
 * Text a stranger typed (a booking note, an answer), shown at most `lines` lines high with "Show more"
 * when it is longer: a 5,000-character note no longer pushes a page's actions off screen or makes one
 * list item a page tall. Line breaks are kept; long words wrap anywhere.
 */
export function ClampedText({
  children,
  lines = 4,
  className,
}: {
  children: string;
  lines?: number;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured while clamped: whether anything is cut off decides whether the toggle shows at all.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open]);

  return (
    <div className={className}>
      <p
        ref={ref}
        className="whitespace-pre-line wrap-anywhere"
        style={
          open
            ? undefined
            : {
                display: "-webkit-box",
                WebkitBoxOrient: "vertical",
                WebkitLineClamp: lines,
                overflow: "hidden",
              }
        }
      >
        {children}
      </p>
      {(overflows || open) && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="mt-1 font-medium text-accent-strong text-sm hover:underline"
        >
          {open ? t("common.showLess") : t("common.showMore")}
        </button>
      )}
    </div>
  );
}
