import {
  CalendarClock,
  CalendarDays,
  Clock,
  LayoutDashboard,
  LogOut,
  Menu as MenuIcon,
  Plus,
  Settings,
  Users,
  UsersRound,
  Workflow,
  X,
} from "lucide-react";
import { useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { Avatar, Button, Logo, Menu, MenuItem } from "../ui";
import { CreateTypeDialog } from "./CreateTypeDialog";

const links = [
  { to: "/dashboard", label: "shell.nav.dashboard", icon: LayoutDashboard },
  { to: "/event-types", label: "shell.nav.eventTypes", icon: CalendarClock },
  { to: "/meetings", label: "shell.nav.meetings", icon: CalendarDays },
  { to: "/availability", label: "shell.nav.availability", icon: Clock },
  { to: "/contacts", label: "shell.nav.contacts", icon: Users },
  { to: "/teams", label: "shell.nav.teams", icon: UsersRound },
  { to: "/workflows", label: "shell.nav.workflows", icon: Workflow },
  { to: "/settings", label: "shell.nav.settings", icon: Settings },
] as const;

/** The signed-in host's frame: sidebar, top bar and the current screen. */
export function HostShell() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [chooserOpen, setChooserOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);

  const handleSignOut = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };

  const sidebar = (
    <nav aria-label={t("shell.nav.main")} className="flex h-full flex-col gap-6 px-4 py-5">
      <div className="flex items-center justify-between px-2">
        <NavLink to="/dashboard" aria-label={t("shell.nav.home")}>
          <Logo />
        </NavLink>
        <button
          type="button"
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 lg:hidden"
          aria-label={t("shell.closeMenu")}
          onClick={() => setNavOpen(false)}
        >
          <X size={20} />
        </button>
      </div>
      <Button onClick={() => setChooserOpen(true)} fullWidth>
        <Plus size={16} /> {t("shell.create")}
      </Button>
      <ul className="flex flex-col gap-1">
        {links.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={() => setNavOpen(false)}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors",
                  isActive
                    ? "bg-accent-soft text-accent-strong"
                    : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon size={18} aria-hidden />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-slate-200 border-t pt-4">
        <button
          type="button"
          onClick={handleSignOut}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 font-medium text-slate-600 text-sm hover:bg-slate-100 hover:text-slate-900"
        >
          <LogOut size={18} aria-hidden /> {t("shell.signOut")}
        </button>
      </div>
    </nav>
  );

  return (
    <div className="min-h-screen bg-app">
      <aside className="fixed inset-y-0 start-0 hidden w-60 border-slate-200 border-e bg-white lg:block">
        {sidebar}
      </aside>
      {navOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label={t("shell.closeMenu")}
            className="absolute inset-0 bg-slate-900/30"
            onClick={() => setNavOpen(false)}
          />
          <aside className="absolute inset-y-0 start-0 w-64 bg-white shadow-xl">{sidebar}</aside>
        </div>
      )}
      <div className="lg:ps-60">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-slate-200 border-b bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label={t("shell.openMenu")}
            onClick={() => setNavOpen(true)}
          >
            <MenuIcon size={20} />
          </button>
          <div className="ml-auto">
            <Menu
              trigger={
                <button
                  type="button"
                  aria-label={t("shell.accountMenu")}
                  className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-slate-200"
                >
                  <Avatar name={user?.name ?? ""} email={user?.email} src={user?.avatar ?? undefined} />
                </button>
              }
            >
              <div className="px-3 py-2 text-sm">
                <div className="font-medium text-slate-900">{user?.name}</div>
                <div className="text-slate-500 text-xs">{user?.email}</div>
              </div>
              <MenuItem icon={Settings} onSelect={() => navigate("/settings")}>
                {t("shell.nav.settings")}
              </MenuItem>
              <MenuItem icon={LogOut} onSelect={handleSignOut}>
                {t("shell.signOut")}
              </MenuItem>
            </Menu>
          </div>
        </header>
        <main className="mx-auto max-w-[1100px] px-4 py-8 sm:px-6">
          <Outlet />
        </main>
      </div>
      <CreateTypeDialog open={chooserOpen} onOpenChange={setChooserOpen} />
    </div>
  );
}
