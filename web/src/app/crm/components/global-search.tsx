/**
 * The top bar's search. "/" focuses it from anywhere except a field being typed in. A search
 * goes to the first kind with hits (leads, clients, projects, proposals) filtered by the term.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Search } from "lucide-react";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useGlobalSearch, type SearchResults } from "@/features/search/api/search";

const destinations: { key: keyof SearchResults; path: string; one: string; many: string }[] = [
  { key: "leads", path: "/crm/leads", one: "lead", many: "leads" },
  { key: "clients", path: "/crm/clients", one: "client", many: "clients" },
  { key: "projects", path: "/crm/projects", one: "project", many: "projects" },
  { key: "proposals", path: "/crm/proposals", one: "proposal", many: "proposals" },
];

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

export function GlobalSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState("");
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

  const submit = () => {
    const q = term.trim();
    if (!q) return;
    search.mutate(q, {
      onSuccess: (results) => {
        const hit = destinations.find((d) => results[d.key].length > 0);
        if (!hit) {
          toast("No Results", { description: `Nothing matches "${q}".` });
          return;
        }
        const n = results[hit.key].length;
        toast.success(`Found ${n} ${n === 1 ? hit.one : hit.many}`);
        navigate(`${hit.path}?q=${encodeURIComponent(q)}`);
      },
    });
  };

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
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        aria-label="Search leads, clients, projects and proposals"
        aria-keyshortcuts="/"
        placeholder="Search…"
        className={cn(inputClass, "h-10 pr-10 pl-9")}
      />
      <kbd className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-200 bg-slate-50 px-1.5 text-xs text-slate-500 sm:block">
        /
      </kbd>
    </form>
  );
}
