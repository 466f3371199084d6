/** The body of a legal page: intro, numbered sections and the date it was last updated. */
import type { LegalPage } from "@/content/legal-text";
import { PageIntro } from "./page-intro";

export function LegalPageBody({ page }: { page: LegalPage }) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={page.title} lead={page.lead} />
      <div className="container-page max-w-3xl py-16">
        {page.sections.map((s) => (
          <section key={s.heading} className="mt-10 first:mt-0">
            <h2 className="text-xl font-bold tracking-tight">{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
          </section>
        ))}
        <p className="mt-12 text-sm text-slate-600">Last updated: {page.updated}</p>
      </div>
    </>
  );
}
