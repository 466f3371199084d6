/** One client testimonial with its five stars. */
import { Star } from "@/components/ui/icons";
import type { Testimonial } from "@/content/testimonials";

export function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure data-reveal className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
      <p className="flex text-amber-500" role="img" aria-label={`Rated ${t.rating} out of 5`}>
        {Array.from({ length: t.rating }, (_, i) => (
          <Star key={i} className="size-5 fill-current" aria-hidden="true" />
        ))}
      </p>
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-700">“{t.content}”</blockquote>
      <figcaption className="mt-6">
        <span className="block font-semibold text-ink">{t.name}</span>
        <span className="block text-sm text-slate-600">
          {t.role}, {t.company}
        </span>
      </figcaption>
    </figure>
  );
}
