/**
 * Per-page head data. Each route module exports `handle = { meta }`; the prerender writes it
 * into <head>, and the client updates the title and description on navigation. The app root
 * (app/routes.tsx) matches the location and provides the deepest page's meta through context.
 */
import { createContext, useContext } from "react";
import type { Params } from "react-router-dom";
import { site } from "@/content/site";

export interface PageMeta {
  title: string;
  description: string;
  /** Staff screens and error pages stay out of search results. */
  noindex?: boolean;
  /** The page is the not-found page (also an unknown slug); no nav link is shown active. */
  notFound?: boolean;
  ogType?: "website" | "article";
  /** Structured data for search engines, written as an application/ld+json block. */
  jsonLd?: Record<string, unknown>;
}

export interface RouteHandle {
  meta?: (params: Params) => PageMeta;
}

export const notFoundMeta: PageMeta = {
  title: "Page Not Found",
  description: "The page you are looking for might have been moved or deleted.",
  noindex: true,
  notFound: true,
};

/** The deepest matched route's meta: a page overrides its layout. */
export function metaOf(matches: readonly { handle: unknown; params: Params }[]): PageMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(matches[i].params);
  }
  return undefined;
}

export const PageMetaContext = createContext<PageMeta | undefined>(undefined);

export function usePageMeta(): PageMeta | undefined {
  return useContext(PageMetaContext);
}

export const documentTitle = (meta: PageMeta | undefined) =>
  !meta || meta.title === site.name ? site.name : `${meta.title} | ${site.name}`;
