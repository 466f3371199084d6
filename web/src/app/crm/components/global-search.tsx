/**
 * The top bar's search, a combobox (WAI-ARIA APG, "list autocomplete"): as the user types, up to
 * three hits of each kind (leads, clients, projects, proposals) are listed under the box. Up and
 * Down move through them, Enter or a click opens the one chosen, Escape closes the list and then
 * empties the box. Enter with none chosen does what the spec's search did: it goes to the first
 * kind with hits, filtered by the term, and says how many ("Found 1 lead"). "/" focuses the box
 * from anywhere except a field being typed in.
 *
 * Written here rather than taken from a combobox library: the box is on every CRM page, so it is in
 * the first load, which has 8 KB left of its budget (docs/decisions/0010).
 */
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { relatedHref } from "@/lib/related-href";
import { toast } from "@/lib/toast";
import { useDebounced } from "@/lib/use-debounced";
import { runSearch, searchKeys, useGlobalSearch, type SearchResults } from "@/features/search/api/search";

type Kind = keyof SearchResults;

const kinds: { key: Kind; path: string; heading: string; one: string; many: string }[] = [
  { key: "leads", path: "/crm/leads", heading: "Leads", one: "lead", many: "leads" },
  { key: "clients", path: "/crm/clients", heading: "Clients", one: "client", many: "clients" },
  { key: "projects", path: "/crm/projects", heading: "Projects", one: "project", many: "projects" },
  { key: "proposals", path: "/crm/proposals", heading: "Proposals", one: "proposal", many: "proposals" },
];

interface Option {
  kind: Kind;
  label: string;
  detail: string | null;
  href: string;
}

/** The hits as one list, in the order they are shown. */
function optionsOf(results: SearchResults | undefined): Option[] {
  if (!results) return [];
  return [
    ...results.leads.map((l) => ({
      kind: "leads" as const,
      label: l.name,
      detail: [l.company, l.status].filter(Boolean).join(" · "),
      href: relatedHref("lead", l.id, l.name),
    })),
    ...results.clients.map((c) => ({ kind: "clients" as const, label: c.name, detail: null, href: relatedHref("client", c.id, c.name) })),
    ...results.projects.map((p) => ({
      kind: "projects" as const,
      label: p.title,
      detail: [p.type, p.stage].filter(Boolean).join(" · "),
      href: relatedHref("project", p.id, p.title),
    })),
    ...results.proposals.map((p) => ({
      kind: "proposals" as const,
      label: p.title,
      detail: p.status,
      href: relatedHref("proposal", p.id, p.title),
    })),
  ];
}

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

export function GlobalSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const q = useDebounced(term.trim(), 150);
  const typed = term.trim();
  const results = useQuery({
    queryKey: searchKeys.hits(q),
    queryFn: () => runSearch(q),
    enabled: open && q.length > 0,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    meta: { errorTitle: false },
  });
  const search = useGlobalSearch();
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.metaKey || e.ctrlKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Hits for an earlier term stay on screen while the new ones load, but cannot be chosen by Enter
  // until they match what is in the box.
  const current = results.data !== undefined && !results.isPlaceholderData && q === typed;
  const options = open && typed ? optionsOf(results.data) : [];
  const shown = open && typed.length > 0;
  const activeOption = current && active >= 0 ? options[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openOption = (option: Option) => {
    close();
    setTerm("");
    inputRef.current?.blur();
    navigate(option.href);
  };

  /** The spec's search: the first kind with hits, filtered by the term, and a toast saying how many. */
  const submit = () => {
    if (!typed) return;
    close();
    search.mutate(typed, {
      onSuccess: (hits) => {
        const hit = kinds.find((k) => hits[k.key].length > 0);
        if (!hit) {
          toast("No Results", { description: `Nothing matches "${typed}".` });
          return;
        }
        const n = hits[hit.key].length;
        toast.success(`Found ${n} ${n === 1 ? hit.one : hit.many}`);
        navigate(`${hit.path}?q=${encodeURIComponent(typed)}`);
      },
    });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        e.preventDefault();
        setOpen(true);
        const n = options.length;
        if (n === 0) return;
        setActive((i) => (e.key === "ArrowDown" ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        return;
      }
      case "Enter":
        if (!activeOption) return; // the form's submit: the spec's search
        e.preventDefault();
        openOption(activeOption);
        return;
      case "Escape":
        // First Escape closes the list; the next one empties the box, as a search box does.
        if (shown) {
          e.preventDefault();
          close();
        }
        return;
    }
  };

  // The chosen hit stays in view in a list taller than a phone's screen.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const count = options.length;
  const summary = !shown
    ? ""
    : results.isError
      ? "Search failed"
      : !current && count === 0
        ? "Searching…"
        : count === 0
          ? "No Results"
          : `${count} ${count === 1 ? "result" : "results"}. Use the up and down arrows to choose one and Enter to open it.`;

  return (
    <form
      role="search"
      className="relative w-full max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={count > 0}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        aria-label="Search leads, clients, projects and proposals"
        aria-keyshortcuts="/"
        placeholder="Search…"
        className={cn(inputClass, "h-10 pr-10 pl-9")}
      />
      <kbd className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-200 bg-slate-50 px-1.5 text-xs text-slate-500 sm:block">
        /
      </kbd>
      {/* Always in the page, so a screen reader hears each new count; shown only while typing. */}
      <p role="status" className="sr-only">
        {summary}
      </p>
      <div
        // Scrolls on a short screen, reached by keyboard as the chosen hit scrolls into view. A press
        // on it keeps the focus in the box, so the list is still there when the click lands.
        onMouseDown={(e) => e.preventDefault()}
        className={cn(
          "absolute inset-x-0 top-full z-40 mt-1 max-h-[min(28rem,70dvh)] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg",
          !shown && "hidden",
        )}
      >
        {count === 0 && (
          <p className="px-3 py-2 text-sm text-slate-600" aria-hidden="true">
            {summary}
          </p>
        )}
        <div id={listId} role="listbox" aria-label="Search results">
          {kinds.map((k) => {
            const inKind = options.map((o, i) => [o, i] as const).filter(([o]) => o.kind === k.key);
            if (inKind.length === 0) return null;
            return (
              <div key={k.key} role="group" aria-labelledby={`${id}-${k.key}`}>
                <p
                  id={`${id}-${k.key}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {k.heading}
                </p>
                {inKind.map(([o, i]) => (
                  <div
                    key={o.href}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // Focusable by script only, as the hits of a scrolling list must be; the focus itself stays in the box.
                    tabIndex={-1}
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => openOption(o)}
                    className={cn("cursor-pointer px-3 py-2 text-sm", i === active ? "bg-brick-50 text-brick-900" : "text-slate-800")}
                  >
                    <span className="block truncate font-medium">{o.label}</span>
                    {o.detail && <span className="block truncate text-xs text-slate-600">{o.detail}</span>}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </form>
  );
}
