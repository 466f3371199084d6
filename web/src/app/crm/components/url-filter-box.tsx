/**
 * A tick box whose state is a search parameter (?follow_up=due, ?mine=1), so back/forward and links
 * keep the filter. The box follows a click at once: the URL, and so the list, follows once the
 * route has navigated, and a controlled box tied to the URL alone would spring back meanwhile.
 */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";

/** Sets one search parameter (or drops it when empty) in place, keeping the others: how every CRM filter writes the URL. */
export function useSetSearchParam() {
  const [, setParams] = useSearchParams();
  return (name: string, value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
}

export function UrlFilterBox({ param, value, label }: { param: string; value: string; label: string }) {
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const inUrl = params.get(param) === value;
  const [ticked, setTicked] = useState(inUrl);
  // The URL changed some other way (a link, back): follow it (adjusting state while rendering, not in an effect).
  const [seen, setSeen] = useState(inUrl);
  if (seen !== inUrl) {
    setSeen(inUrl);
    setTicked(inUrl);
  }
  return (
    <label className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-brick-600"
        checked={ticked}
        onChange={(e) => {
          const on = e.target.checked;
          setTicked(on);
          setParam(param, on ? value : undefined);
        }}
      />
      {label}
    </label>
  );
}
