/**
 * The built site's files, as the worker serves them itself (pages it answers before the assets
 * layer: the CRM shell, a preview served unlocked, a form page sent back with its messages).
 */
import type { AppEnv } from "../env";

export const NOT_FOUND_PAGE = "/404";

type AssetContext = { env: AppEnv["Bindings"]; req: { url: string } };

/** A file of the built site, by its path. Its headers are immutable: answer with a fresh Response. */
export const fetchAsset = (c: AssetContext, path: string): Promise<Response> =>
  c.env.ASSETS.fetch(new URL(path, c.req.url).toString() as never) as unknown as Promise<Response>;

/** `path`'s file in a fresh response with `status`; the plain words when the file is missing. */
export async function assetPage(c: AssetContext, path: string, status: number, cacheControl = "no-store"): Promise<Response> {
  const res = await fetchAsset(c, path);
  return new Response(res.ok ? res.body : "Page Not Found", {
    status,
    headers: { "Content-Type": res.headers.get("Content-Type") ?? "text/html; charset=utf-8", "Cache-Control": cacheControl },
  });
}

/** The prerendered not-found page, answered 404. */
export const notFoundPage = (c: AssetContext) => assetPage(c, NOT_FOUND_PAGE, 404);
