/**
 * Who else is here: initials of everyone else connected to the CRM (top bar), or of everyone
 * else looking at the same thing (`<Presence viewing="pipeline" />`, `<Presence viewing={`lead:${id}`} />`).
 * The latter also tells the others this tab is looking at it.
 */
import { initials } from "@contract/initials";
import type { PresenceEntry } from "@contract/live";
import { cn } from "@/lib/cn";
import { useOthersPresent, useViewing } from "@/lib/live";

const describe = (viewing: string | null) =>
  viewing === "pipeline" ? "viewing the Pipeline" : viewing?.startsWith("lead:") ? "viewing a lead" : "in the CRM";

function Avatars({ people, label, className }: { people: PresenceEntry[]; label: (names: string) => string; className?: string }) {
  if (people.length === 0) return null;
  const text = label(people.map((p) => `${p.full_name} (${describe(p.viewing)})`).join(", "));
  return (
    <div role="group" aria-label={text} title={text} data-presence className={cn("flex items-center -space-x-1.5", className)}>
      {people.slice(0, 4).map((p) => (
        <span
          key={p.user_id}
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brick-600 text-xs font-semibold text-white ring-2 ring-white"
        >
          {initials(p.full_name)}
        </span>
      ))}
      {people.length > 4 && (
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 ring-2 ring-white"
        >
          +{people.length - 4}
        </span>
      )}
    </div>
  );
}

/** Everyone else signed in to the CRM right now, and what they are looking at. */
export function PresenceBar({ className }: { className?: string }) {
  const people = useOthersPresent();
  return <Avatars people={people} label={(names) => `Also here: ${names}`} className={className} />;
}

/** Everyone else looking at `viewing`; mounting it also announces that this tab is looking at it. */
export function Presence({ viewing, className }: { viewing: string; className?: string }) {
  useViewing(viewing);
  const people = useOthersPresent(viewing);
  return <Avatars people={people} label={(names) => `Also looking: ${names}`} className={className} />;
}
