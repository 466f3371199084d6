/**
 * Reveal on scroll and image fade-in for the public pages. Elements marked `data-reveal` that are
 * below the fold when the page appears are hidden by script (never in the HTML), then shown once
 * 10% of them is visible with a 50px bottom margin. `img[data-fade]` still loading fades in.
 * Nothing happens under prefers-reduced-motion, and without script everything is simply visible.
 */
import { useEffect } from "react";
import { useLocation } from "react-router-dom";

export function usePublicMotion() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined" || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.remove("reveal-pending");
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.1, rootMargin: "0px 0px -50px 0px" },
    );
    const fold = window.innerHeight;
    for (const el of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
      if (el.getBoundingClientRect().top < fold) continue; // already on screen: never hide what was seen
      el.classList.add("reveal-pending", "reveal-ready");
      observer.observe(el);
    }
    const cleanups: (() => void)[] = [];
    for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fade]")) {
      if (img.complete) continue;
      const done = () => img.classList.remove("fade-pending");
      img.classList.add("fade-pending", "fade-ready");
      img.addEventListener("load", done, { once: true });
      img.addEventListener("error", done, { once: true });
      cleanups.push(() => {
        img.removeEventListener("load", done);
        img.removeEventListener("error", done);
        done();
      });
    }
    return () => {
      observer.disconnect();
      for (const el of document.querySelectorAll(".reveal-pending")) el.classList.remove("reveal-pending");
      cleanups.forEach((c) => c());
    };
  }, [pathname]);
}
