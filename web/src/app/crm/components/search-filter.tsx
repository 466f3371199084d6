/**
 * The global search's term on the clients, projects and proposals pages (?q=): those lists are
 * short and already loaded, so they narrow on screen, on the same fields the search matched.
 */
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";

/** The term from ?q= (trimmed, may be empty) and a predicate over the fields to look in. */
export function useSearchTerm() {
  const [params] = useSearchParams();
  const term = (params.get("q") ?? "").trim();
  const needle = term.toLowerCase();
  const matches = (...fields: (string | null | undefined)[]) => !needle || fields.some((f) => f?.toLowerCase().includes(needle));
  return { term, matches };
}

export function SearchFilterNotice({ noun }: { noun: string }) {
  const { term } = useSearchTerm();
  const [, setParams] = useSearchParams();
  if (!term) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm"
    >
      <span>
        Showing {noun} matching <strong>“{term}”</strong>
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          setParams((p) => {
            p.delete("q");
            return p;
          })
        }
      >
        Clear search
      </Button>
    </div>
  );
}
