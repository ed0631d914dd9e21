import { cn } from "../../lib/cn";

/** The Kairos wordmark with a small accent mark. Wrap it in a Link where needed. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-slate-900", className)}>
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true" className="shrink-0">
        <rect width="26" height="26" rx="7" fill="#3B82F6" />
        <path d="M8.5 6.5v13" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <path
          d="M18 6.8 11.6 13l6.4 6.2"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
        <circle cx="19.2" cy="13" r="1.7" fill="#BFDBFE" />
      </svg>
      <span className="font-semibold text-[20px] leading-none tracking-[-0.02em]">Kairos</span>
    </span>
  );
}
