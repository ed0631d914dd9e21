import { PageHeader } from "../../components/layout/PageHeader";
import { SignInMethodsSection } from "./SignInMethodsSection";

/** /sign-in-methods, from the account menu: the account's password and linked Google or SSO accounts. */
export default function SignInMethodsPage() {
  return (
    <>
      <PageHeader title="Sign-in methods" subtitle="How you sign in to Kairos" />
      <div className="max-w-2xl">
        <SignInMethodsSection />
      </div>
    </>
  );
}
