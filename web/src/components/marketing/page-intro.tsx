/** The opening band of a public page: eyebrow, h1, lead sentence and optional actions. */
import type { ReactNode } from "react";

export function PageIntro({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brick-50/70 to-paper">
      <div className="container-page py-16 sm:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-widest text-brick-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{lead}</p>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
