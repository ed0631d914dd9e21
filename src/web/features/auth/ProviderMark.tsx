/** A small square with the provider's initial; Google gets its four colours. */
export function ProviderMark({ id, label }: { id: string; label: string }) {
  if (id === "google") {
    return (
      <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6.1C12.4 13.7 17.7 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
        />
        <path
          fill="#FBBC05"
          d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-10l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
    );
  }
  const colors: Record<string, string> = { sbu: "#0f766e", gameforce: "#7c3aed" };
  return (
    <span
      aria-hidden
      className="flex size-5 items-center justify-center rounded font-bold text-[11px] text-white"
      style={{ backgroundColor: colors[id] ?? "#475569" }}
    >
      {label.charAt(0).toUpperCase()}
    </span>
  );
}
