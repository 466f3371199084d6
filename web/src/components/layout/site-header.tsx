/**
 * The public header. Its two menus (Services on wide screens, the whole navigation on phones) are
 * HTML popovers opened by `popovertarget` buttons, so they work from the first paint and with no
 * JavaScript (public pages ship none for it: docs/decisions/0012-public-islands.md). The browser
 * gives the button its expanded state, puts the open menu next in the tab order, and closes it on
 * Escape or a click outside, returning focus. They are lists of links, not role="menu": menus are
 * for application commands. Inside the app (a public page reached from the CRM) a navigation
 * closes them, as a page load does.
 */
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { ChevronDown, Menu, X } from "@/components/ui/icons";
import { services } from "@/content/services";
import { links } from "@/content/links";
import { cn } from "@/lib/cn";
import { buttonClass } from "@/components/ui/button";
import { Logo } from "./logo";

interface NavItem {
  label: string;
  to: string;
  /** Other path prefixes that belong to this section (a preview belongs to Client Previews). */
  alsoActiveUnder?: string;
}

const primaryNav: NavItem[] = [
  { label: "Portfolio", to: "/portfolio" },
  { label: "Client Previews", to: "/client-previews", alsoActiveUnder: "/clients" },
  { label: "Testimonials", to: "/testimonials" },
  { label: "Contact", to: "/contact" },
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** On the not-found page nothing is active, so an unknown /portfolio/x renders like /404 does. */
function useIsActive(notFound: boolean) {
  const { pathname } = useLocation();
  return (item: Pick<NavItem, "to" | "alsoActiveUnder">) =>
    !notFound &&
    (item.to === "/" ? pathname === "/" : under(pathname, item.to) || (!!item.alsoActiveUnder && under(pathname, item.alsoActiveUnder)));
}

const desktopLink = (active: boolean) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    active ? "bg-brick-50 text-brick-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

export function SiteHeader({ notFound }: { notFound: boolean }) {
  const isActive = useIsActive(notFound);
  const servicesActive = services.some((s) => isActive({ to: s.path }));
  const { pathname } = useLocation();
  // Client-side navigation (inside the app only) leaves the document, and an open popover, as it was.
  useEffect(() => {
    for (const id of [SERVICES_MENU, MOBILE_MENU]) {
      const el = document.getElementById(id);
      if (el?.matches(":popover-open")) el.hidePopover();
    }
  }, [pathname]);

  return (
    <header className="site-header sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link to="/" aria-current={isActive({ to: "/" }) ? "page" : undefined} className={desktopLink(isActive({ to: "/" }))}>
                Home
              </Link>
            </li>
            <li>
              <button
                type="button"
                popoverTarget={SERVICES_MENU}
                className={cn(desktopLink(servicesActive), "services-toggle inline-flex items-center gap-1")}
              >
                Services
                <ChevronDown className="services-chevron size-4 transition-transform" aria-hidden="true" />
              </button>
              <div
                id={SERVICES_MENU}
                popover=""
                className="services-menu m-0 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-900/5"
              >
                <ul>
                  {services.map((s) => (
                    <li key={s.path}>
                      <Link
                        to={s.path}
                        aria-current={isActive({ to: s.path }) ? "page" : undefined}
                        className={cn(
                          "block rounded-lg px-3 py-2 text-sm",
                          isActive({ to: s.path })
                            ? "bg-brick-50 font-semibold text-brick-700"
                            : "text-slate-700 hover:bg-slate-50 hover:text-slate-900",
                        )}
                      >
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} aria-current={isActive(item) ? "page" : undefined} className={desktopLink(isActive(item))}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 xl:flex">
          <Link to="/free-redesign" className={buttonClass("secondary", "sm")}>
            Get Free Redesign
          </Link>
          <a href={links.booking} className={buttonClass("primary", "sm")}>
            Book a Call
          </a>
        </div>

        <button type="button" popoverTarget={MOBILE_MENU} aria-label="Menu" className={buttonClass("ghost", "icon", "xl:hidden")}>
          <Menu className="menu-open-icon size-6" aria-hidden="true" />
          <X className="menu-close-icon size-6" aria-hidden="true" />
        </button>
      </div>

      <MobileMenu isActive={isActive} servicesActive={servicesActive} />
    </header>
  );
}

const SERVICES_MENU = "services-menu";
const MOBILE_MENU = "mobile-menu";

function MobileMenu({ isActive, servicesActive }: { isActive: ReturnType<typeof useIsActive>; servicesActive: boolean }) {
  const item = (active: boolean) =>
    cn("block rounded-lg px-3 py-2.5 text-base font-medium", active ? "bg-brick-50 text-brick-700" : "text-slate-800 hover:bg-slate-50");

  return (
    <div
      id={MOBILE_MENU}
      popover=""
      className="mobile-menu m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-t border-slate-200 bg-white p-0 xl:hidden"
    >
      <nav aria-label="Main" className="container-page py-4">
        <ul className="space-y-1">
          <li>
            <Link to="/" aria-current={isActive({ to: "/" }) ? "page" : undefined} className={item(isActive({ to: "/" }))}>
              Home
            </Link>
          </li>
          <li>
            {/* A disclosure that needs no script: <details> opens and closes itself. */}
            <details className="group">
              <summary className={cn(item(servicesActive), "flex w-full cursor-pointer list-none items-center justify-between text-left")}>
                Services
                <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <ul className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-3">
                {services.map((s) => (
                  <li key={s.path}>
                    <Link
                      to={s.path}
                      aria-current={isActive({ to: s.path }) ? "page" : undefined}
                      className={item(isActive({ to: s.path }))}
                    >
                      {s.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          {primaryNav.map((n) => (
            <li key={n.to}>
              <Link to={n.to} aria-current={isActive(n) ? "page" : undefined} className={item(isActive(n))}>
                {n.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-2 border-t border-slate-200 pt-4 sm:grid-cols-2">
          <Link to="/free-redesign" className={buttonClass("secondary", "lg")}>
            Get Free Redesign
          </Link>
          <a href={links.booking} className={buttonClass("primary", "lg")}>
            Book a Call
          </a>
        </div>
      </nav>
    </div>
  );
}
