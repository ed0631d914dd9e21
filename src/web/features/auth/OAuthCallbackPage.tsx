import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses, Card } from "../../components/ui";

const names = { google: "Google", sbu: "SBU", gameforce: "Gameforce" } as const;

/**
 * Landing point of an identity provider's redirect. Until a provider is
 * configured on the server there is nothing to exchange the code with.
 */
export default function OAuthCallbackPage({ provider }: { provider: keyof typeof names }) {
  const params = new URLSearchParams(window.location.search);
  const message = params.get("code")
    ? `${names[provider]} sign-in is not set up on this server yet.`
    : "Missing authorization code or state parameter";
  return (
    <div className="flex min-h-screen items-center justify-center bg-app p-6">
      <Card className="w-full max-w-md p-8 text-center">
        <AlertCircle className="mx-auto text-red-500" size={40} aria-hidden />
        <h1 className="mt-4 font-semibold text-lg text-slate-900">{names[provider]} authentication failed</h1>
        <p className="mt-2 text-slate-500 text-sm">{message}</p>
        <Link to="/dashboard" className={`${buttonClasses({ variant: "primary" })} mt-6`}>
          Return to Dashboard
        </Link>
      </Card>
    </div>
  );
}
