/**
 * The public header. Site navigation follows the WAI-ARIA disclosure pattern (a button with
 * aria-expanded showing a list of links), not role="menu": menus are for application commands,
 * and a hand-written disclosure keeps Radix out of the home page's JS.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { ChevronDown, Menu, X } from "../ui/icons";
import { services } from "../../content/services";
import { links } from "../../content/links";
import { cn } from "../../lib/cn";
import { buttonClass } from "../ui/button";
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
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = () => setMobileOpen(false);
  const servicesActive = services.some((s) => isActive({ to: s.path }));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo onNavigate={closeMobile} />

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link to="/" aria-current={isActive({ to: "/" }) ? "page" : undefined} className={desktopLink(isActive({ to: "/" }))}>
                Home
              </Link>
            </li>
            <li>
              <ServicesDisclosure active={servicesActive} isActive={isActive} />
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
          <a href={links.booking} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "sm")}>
            Book a Call
          </a>
        </div>

        <button
          type="button"
          className={buttonClass("ghost", "icon", "xl:hidden")}
          aria-expanded={mobileOpen}
          aria-controls={mobileOpen ? "mobile-menu" : undefined}
          aria-label={mobileOpen ? "Close menu" : "Open menu"}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>

      {/* Closed menus are not rendered: their links would only repeat, in every page's HTML, what the footer lists. */}
      {mobileOpen && <MobileMenu onClose={closeMobile} isActive={isActive} servicesActive={servicesActive} />}
    </header>
  );
}

function ServicesDisclosure({ active, isActive }: { active: boolean; isActive: ReturnType<typeof useIsActive> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  // Hover opens on desktop pointers only: on touch, the tap's synthetic hover would race its click.
  // A click right after hover-open must not close what the mouse just opened.
  const hoverOpened = useRef(false);
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType !== "mouse" || open) return;
    hoverOpened.current = true;
    setOpen(true);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    hoverOpened.current = false;
    setOpen(false);
  };
  const onClick = () => {
    if (hoverOpened.current) hoverOpened.current = false;
    else setOpen((o) => !o);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === "ArrowDown" && e.target === buttonRef.current) {
      e.preventDefault();
      setOpen(true);
      // The panel renders on the next frame; focus its first link then.
      requestAnimationFrame(() => rootRef.current?.querySelector<HTMLAnchorElement>("a")?.focus());
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onClick}
        className={cn(desktopLink(active), "inline-flex items-center gap-1")}
      >
        Services
        <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      {/* pt-2 bridges the gap so moving the mouse into the panel keeps it open. */}
      {open && (
        <div id={panelId} className="absolute top-full left-0 z-50 pt-2">
          <ul className="w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-900/5">
            {services.map((s) => (
              <li key={s.path}>
                <Link
                  to={s.path}
                  onClick={() => setOpen(false)}
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
      )}
    </div>
  );
}

function MobileMenu({
  onClose,
  isActive,
  servicesActive,
}: {
  onClose: () => void;
  isActive: ReturnType<typeof useIsActive>;
  servicesActive: boolean;
}) {
  const [servicesOpen, setServicesOpen] = useState(false);
  const item = (active: boolean) =>
    cn("block rounded-lg px-3 py-2.5 text-base font-medium", active ? "bg-brick-50 text-brick-700" : "text-slate-800 hover:bg-slate-50");

  return (
    <div
      id="mobile-menu"
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white xl:hidden"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <nav aria-label="Main" className="container-page py-4">
        <ul className="space-y-1">
          <li>
            <Link
              to="/"
              onClick={onClose}
              aria-current={isActive({ to: "/" }) ? "page" : undefined}
              className={item(isActive({ to: "/" }))}
            >
              Home
            </Link>
          </li>
          <li>
            <button
              type="button"
              aria-expanded={servicesOpen}
              aria-controls={servicesOpen ? "mobile-services" : undefined}
              onClick={() => setServicesOpen((o) => !o)}
              className={cn(item(servicesActive), "flex w-full items-center justify-between text-left")}
            >
              Services
              <ChevronDown className={cn("size-5 transition-transform", servicesOpen && "rotate-180")} aria-hidden="true" />
            </button>
            {servicesOpen && (
              <ul id="mobile-services" className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-3">
                {services.map((s) => (
                  <li key={s.path}>
                    <Link
                      to={s.path}
                      onClick={onClose}
                      aria-current={isActive({ to: s.path }) ? "page" : undefined}
                      className={item(isActive({ to: s.path }))}
                    >
                      {s.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
          {primaryNav.map((n) => (
            <li key={n.to}>
              <Link to={n.to} onClick={onClose} aria-current={isActive(n) ? "page" : undefined} className={item(isActive(n))}>
                {n.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-2 border-t border-slate-200 pt-4 sm:grid-cols-2">
          <Link to="/free-redesign" onClick={onClose} className={buttonClass("secondary", "lg")}>
            Get Free Redesign
          </Link>
          <a href={links.booking} target="_blank" rel="noopener noreferrer" onClick={onClose} className={buttonClass("primary", "lg")}>
            Book a Call
          </a>
        </div>
      </nav>
    </div>
  );
}
