/**
 * Marks an interactive part of a prerendered public page: its own hydration root, with the
 * props it was rendered with. web/src/islands/entry.tsx hydrates each one by name
 * (web/src/islands/registry.ts); the rest of the page stays the prerendered HTML and ships no
 * JavaScript. Inside the single-page app (a public page reached from the CRM) it is only a box.
 * `display: contents`, so it adds nothing to the layout.
 */
import type { ReactNode } from "react";
import type { IslandName } from "@/islands/registry";

export function Island({ name, props, children }: { name: IslandName; props?: Record<string, unknown>; children: ReactNode }) {
  return (
    <div className="contents" data-island={name} data-props={props ? JSON.stringify(props) : undefined}>
      {children}
    </div>
  );
}
