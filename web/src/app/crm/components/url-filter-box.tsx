/**
 * A tick box whose state is a search parameter (?follow_up=due, ?mine=1), so back/forward and links
 * keep the filter. The box follows a click at once: the URL, and so the list, follows once the
 * route has navigated, and a controlled box tied to the URL alone would spring back meanwhile.
 */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";

export function UrlFilterBox({ param, value, label }: { param: string; value: string; label: string }) {
  const [params, setParams] = useSearchParams();
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
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (on) next.set(param, value);
              else next.delete(param);
              return next;
            },
            { replace: true },
          );
        }}
      />
      {label}
    </label>
  );
}
