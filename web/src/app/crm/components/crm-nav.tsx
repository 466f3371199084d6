/** The CRM's section links, shared by the desktop sidebar and the small-screen drawer. */
import { NavLink } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import {
  Activity,
  Building2,
  CalendarClock,
  CheckSquare,
  FileText,
  FolderKanban,
  Inbox,
  KanbanSquare,
  LayoutDashboard,
  Receipt,
  Settings,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { SessionUser } from "@contract/user";
import { initials } from "@contract/initials";
import { BrickMark } from "@/components/layout/logo";
import { crmSections, type CrmSectionPath } from "@/content/crm-sections";
import { cn } from "@/lib/cn";
import { openTaskCountQueryOptions } from "@/features/tasks/api/open-count";
import { openCommentCountQueryOptions } from "@/features/preview-feedback/api/preview-feedback";

/** Each section's icon; the sections themselves are content (web/src/content/crm-sections.ts). */
const icons: Record<CrmSectionPath, LucideIcon> = {
  "/crm/dashboard": LayoutDashboard,
  "/crm": KanbanSquare,
  "/crm/leads": Users,
  "/crm/clients": Building2,
  "/crm/projects": FolderKanban,
  "/crm/proposals": FileText,
  "/crm/invoices": Receipt,
  "/crm/tasks": CheckSquare,
  "/crm/calls": CalendarClock,
  "/crm/activity": Activity,
  "/crm/mail": Inbox,
  "/crm/settings": Settings,
};
const sections = crmSections.map((s) => ({ label: s.label, to: s.path, end: "end" in s ? s.end : undefined, Icon: icons[s.path] }));

export function CrmNav({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const openTasks = useQuery(openTaskCountQueryOptions).data ?? 0;
  const openComments = useQuery(openCommentCountQueryOptions).data ?? 0;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2.5 px-5">
        <BrickMark className="size-8" />
        <span className="font-display text-base font-bold text-white">
          Redbrick <span className="font-medium text-slate-400">CRM</span>
        </span>
      </div>
      <nav aria-label="CRM" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {sections.map(({ label, to, end, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                    isActive ? "bg-brick-600 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white",
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {label}
                {to === "/crm/clients" && openComments > 0 && (
                  <>
                    <span
                      data-open-comments-badge
                      aria-hidden="true"
                      className="ml-auto min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
                    >
                      {openComments > 99 ? "99+" : openComments}
                    </span>
                    <span className="sr-only">
                      ({openComments} open {openComments === 1 ? "comment" : "comments"})
                    </span>
                  </>
                )}
                {to === "/crm/tasks" && openTasks > 0 && (
                  <>
                    <span data-open-tasks-dot aria-hidden="true" className="ml-auto size-2 rounded-full bg-red-500" />
                    <span className="sr-only">({openTasks} open)</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-t border-white/10 px-5 py-4">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/10 text-sm font-semibold text-white"
        >
          {initials(user.full_name)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{user.full_name}</p>
          <p className="truncate text-xs text-slate-400">{user.role}</p>
        </div>
      </div>
    </div>
  );
}
