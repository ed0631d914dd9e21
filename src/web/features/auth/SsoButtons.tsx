import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, toast } from "../../components/ui";
import { api } from "../../lib/api";

export type SsoProvider = "sbu" | "gameforce" | "google";

const labels: Record<SsoProvider, { idle: string; busy: string; name: string }> = {
  sbu: { idle: "Continue with SBU", busy: "Connecting to SBU...", name: "SBU" },
  gameforce: { idle: "Continue with Gameforce", busy: "Connecting to Gameforce...", name: "Gameforce" },
  google: { idle: "Continue with Google", busy: "Signing up...", name: "Google" },
};

interface ProviderInfo {
  id: SsoProvider;
  authorizeUrl: string;
}

/**
 * Single-sign-on buttons. Providers are configured on the server; one that is
 * not configured says so instead of opening a dead popup.
 */
export function SsoButtons({ providers }: { providers: SsoProvider[] }) {
  const configured = useQuery({
    queryKey: ["auth-providers"],
    queryFn: () => api.get<{ providers: ProviderInfo[] }>("/auth/providers"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [busy, setBusy] = useState<SsoProvider | null>(null);

  const start = (id: SsoProvider) => {
    const provider = configured.data?.providers.find((p) => p.id === id);
    if (!provider) {
      toast.error(
        `${labels[id].name} sign-in is not set up on this server yet. Use your email and password.`,
      );
      return;
    }
    setBusy(id);
    window.location.assign(provider.authorizeUrl);
  };

  return (
    <div className="flex flex-col gap-3">
      {providers.map((id) => (
        <Button
          key={id}
          type="button"
          variant="outline"
          fullWidth
          loading={busy === id}
          onClick={() => start(id)}
        >
          <ProviderMark id={id} />
          {busy === id ? labels[id].busy : labels[id].idle}
        </Button>
      ))}
    </div>
  );
}

function ProviderMark({ id }: { id: SsoProvider }) {
  const colors: Record<SsoProvider, string> = { sbu: "#0f766e", gameforce: "#7c3aed", google: "#ea4335" };
  return (
    <span
      aria-hidden
      className="flex size-5 items-center justify-center rounded font-bold text-[11px] text-white"
      style={{ backgroundColor: colors[id] }}
    >
      {id === "google" ? "G" : id === "sbu" ? "S" : "GF"}
    </span>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-slate-500 text-xs uppercase tracking-wide">
      <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
