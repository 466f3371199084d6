/** The signed-in CRM: sidebar (a drawer on small screens), top bar and the current section. */
import { useState } from "react";
import { Outlet } from "react-router-dom";
import { ListPlus, LogOut, Menu, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { useFlash } from "@/lib/flash";
import { useMediaQuery } from "@/lib/media-query";
import { showFlash } from "@/lib/toast";
import { useSessionUser, useSignOut } from "@/features/auth/api/session";
import { PresenceBar } from "@/components/presence";
import { CrmNav } from "./crm-nav";
import { LiveStatusNotice } from "./live-status";
import { GlobalSearch } from "./global-search";

const AddLeadDialog = lazyDialog(() => import("@/features/leads/components/add-lead-dialog").then((m) => m.AddLeadDialog));
const AddTaskDialog = lazyDialog(() => import("@/features/tasks/components/add-task-dialog").then((m) => m.AddTaskDialog));
/** The small screens' navigation drawer (Radix's dialog underneath). */
const NavDrawer = lazyDialog(() => import("./nav-drawer").then((m) => m.NavDrawer));

/** Tailwind's lg, where the sidebar shows; below it the drawer stands in. */
const WIDE = "(min-width: 1024px)";

export function CrmLayout() {
  const user = useSessionUser();
  // Below lg the sidebar is display:none, so it is not built at all: on a phone it was 95 of the
  // 443 elements of the board's first render, its nine NavLinks each matching the location.
  const wide = useMediaQuery(WIDE, true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [addLeadOpen, setAddLeadOpen] = useState(false);
  const [addTaskOpen, setAddTaskOpen] = useState(false);
  const signOut = useSignOut();
  useFlash(showFlash);

  const logout = () => signOut.mutate();

  return (
    <div className="min-h-dvh bg-slate-50">
      {wide && (
        <aside className="fixed inset-y-0 left-0 w-64 bg-slate-950">
          <CrmNav user={user} />
        </aside>
      )}
      <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} user={user} />

      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:gap-3 sm:px-6">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          <GlobalSearch />
          <div className="ml-auto flex items-center gap-2">
            <PresenceBar className="mr-1 max-sm:hidden" />
            <Button size="sm" onClick={() => setAddLeadOpen(true)}>
              <Plus className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">Add Lead</span>
            </Button>
            <Button size="sm" variant="secondary" className="max-md:hidden" onClick={() => setAddTaskOpen(true)}>
              <ListPlus className="size-4" aria-hidden="true" />
              Add Task
            </Button>
            <Button size="sm" variant="ghost" onClick={logout} disabled={signOut.isPending}>
              <LogOut className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">Logout</span>
            </Button>
          </div>
        </header>
        <main id="main" className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>

      <LiveStatusNotice />
      <AddLeadDialog open={addLeadOpen} onOpenChange={setAddLeadOpen} />
      <AddTaskDialog open={addTaskOpen} onOpenChange={setAddTaskOpen} />
    </div>
  );
}
