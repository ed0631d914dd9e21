import { useEffect } from "react";
import { useLocation } from "react-router";
import { PageHeader } from "../../components/layout/PageHeader";
import { t } from "../../lib/i18n";
import { SignInMethodsSection } from "../auth/SignInMethodsSection";
import { BlocklistSection } from "../blocklist/BlocklistSection";
import { DevelopersSection } from "../developers/DevelopersSection";
import { EmbedsSection } from "../embeds/EmbedsSection";
import { WebhooksSection } from "../webhooks/WebhooksSection";
import { DataSection } from "./DataSection";
import { LinkSection } from "./LinkSection";
import { NotificationsSection } from "./NotificationsSection";
import { ProfileSection } from "./ProfileSection";
import { SecuritySection } from "./SecuritySection";
import { SessionsSection } from "./SessionsSection";

const SECTIONS = [
  { id: "profile", label: "settings.nav.profile" },
  { id: "link", label: "settings.nav.link" },
  { id: "notifications", label: "settings.nav.notifications" },
  { id: "blocked-bookers", label: "settings.nav.blocked" },
  { id: "embeds", label: "settings.nav.embeds" },
  { id: "developers", label: "settings.nav.developers" },
  { id: "webhooks", label: "settings.nav.webhooks" },
  { id: "security", label: "settings.nav.security" },
  { id: "sessions", label: "settings.nav.sessions" },
  { id: "sign-in-methods", label: "settings.nav.signIn" },
  { id: "data", label: "settings.nav.data" },
] as const;

/**
 * /settings: the host's own account, one page of sections with a jump list. A feature that adds a
 * section (e.g. "Sign-in methods" from issue 9, which belongs after Sessions) adds it to SECTIONS
 * and to the list below.
 */
export default function SettingsPage() {
  const { hash } = useLocation();

  // /settings#security (links from mails and menus) lands on that section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageHeader title={t("settings.title")} subtitle={t("settings.subtitle")} />
      <div className="grid gap-8 lg:grid-cols-[180px_minmax(0,1fr)]">
        <nav aria-label={t("settings.sections")} className="hidden lg:block">
          <ul className="sticky top-20 flex flex-col gap-1 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="block rounded-md px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  {t(s.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileSection />
          <LinkSection />
          <NotificationsSection />
          <BlocklistSection />
          <EmbedsSection />
          <DevelopersSection />
          <WebhooksSection />
          <SecuritySection />
          <SessionsSection />
          <SignInMethodsSection />
          <DataSection />
        </div>
      </div>
    </>
  );
}
