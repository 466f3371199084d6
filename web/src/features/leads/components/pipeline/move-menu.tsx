/**
 * A card's "Move to…" menu (Radix's dropdown menu: arrow keys, typeahead, Escape, and a screen
 * reader hears a menu of radio items with the current stage checked). Its own chunk, loaded when the
 * board is idle or on the first press, so the pipeline's first load stays inside its budget.
 */
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { useEffect, useRef, type ReactElement } from "react";
import type { Lead } from "@contract/lead";
import { boardColumns, type LeadStatus } from "@contract/lead-statuses";

export function MoveMenu({
  lead,
  trigger,
  openedBy,
  onMove,
}: {
  lead: Lead;
  trigger: ReactElement;
  /** How the button that asked for this menu was pressed: the menu opens as it would have. */
  openedBy: "pointer" | "keyboard";
  onMove: (lead: Lead, to: LeadStatus) => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  // Radix puts a keyboard user on the first item when its own trigger opens the menu. The first
  // time, the plain button standing in for it was pressed, so do the same once Radix has focused the menu.
  useEffect(() => {
    if (openedBy !== "keyboard") return;
    const frame = requestAnimationFrame(() =>
      content.current?.querySelector<HTMLElement>('[role="menuitemradio"]:not([data-disabled])')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [openedBy]);
  return (
    // Not modal: a modal menu hides the rest of the page from the pointer and locks its scroll.
    <Menu.Root defaultOpen modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      {/* Inside <main>, not loose in <body>: all of the page's content is in a landmark. */}
      <Menu.Portal container={document.getElementById("main")}>
        <Menu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          ref={content}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <Menu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-500">Move to…</Menu.Label>
          <Menu.RadioGroup value={lead.status} onValueChange={(to) => to !== lead.status && onMove(lead, to as LeadStatus)}>
            {boardColumns.map((c) => (
              <Menu.RadioItem
                key={c.status}
                value={c.status}
                disabled={c.status === lead.status}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-slate-800 outline-none select-none data-disabled:cursor-default data-disabled:text-slate-400 data-highlighted:bg-brick-50 data-highlighted:text-brick-800"
              >
                <span className="flex size-4 items-center justify-center">
                  <Menu.ItemIndicator>
                    <Check className="size-4" aria-hidden="true" />
                  </Menu.ItemIndicator>
                </span>
                {c.status}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
