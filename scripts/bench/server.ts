/**
 * The bench's own server: a fresh state directory seeded with the benchmark data, the built
 * site on `wrangler dev`, and the bare comparison page that lives in dist/ only while the bench
 * runs. Seeding and `wrangler dev` come from scripts/lib/local.ts, shared with the e2e server and
 * the restart spec.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDevVars, ROOT, startLocalServer, type LocalServer } from "../lib/local";

/**
 * The bare page the home page's LCP is compared with. Its name cannot collide with a route, and
 * `npm run build` empties dist/ first, so a copy left by a killed run never ships.
 */
export const STATIC_PAGE_PATH = "/bench-static-page";
const staticFile = join(ROOT, "dist", `${STATIC_PAGE_PATH.slice(1)}.html`);

/** Runs a command in the project with inherited output; throws when it fails. */
function run(what: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

export function build(): void {
  // npm_execpath is set under `npm run`; run npm's own CLI with this Node so the build gets Node 24 too.
  const npm = process.env.npm_execpath;
  if (npm) run("npm run build", process.execPath, [npm, "run", "build", "--silent"]);
  else run("npm run build", "npm", ["run", "build", "--silent"]);
}

/**
 * The text and type scale of the home page's hero, with no script, font or stylesheet. Its icon
 * is a data: URL, as the site's is (scripts/prerender.ts), so neither side of the ratio fetches
 * one: a favicon request that completes before the paint counts towards Lighthouse's LCP.
 */
export function writeStaticPage(): void {
  const home = readFileSync(join(ROOT, "dist", "index.html"), "utf8");
  const text = (re: RegExp) => (re.exec(home)?.[1] ?? "").replace(/<[^>]+>/g, "").trim();
  const h1 = text(/<h1[^>]*>([\s\S]*?)<\/h1>/) || "Websites that win you customers";
  const lead = text(/<\/h1>\s*<p[^>]*>([\s\S]*?)<\/p>/) || "A Manchester web design studio.";
  writeFileSync(
    staticFile,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Benchmark baseline page">
<link rel="icon" href="data:,">
<title>Bench baseline</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a}main{max-width:56rem;margin:0 auto;padding:5rem 1rem}h1{font-size:2.25rem;line-height:1.05;font-weight:800}p{font-size:1.125rem;line-height:1.6;color:#475569}</style>
</head>
<body><main><h1>${h1}</h1><p>${lead}</p></main></body>
</html>
`,
  );
}

export function removeStaticPage(): void {
  rmSync(staticFile, { force: true });
}

export type BenchServer = LocalServer;

/**
 * `wrangler dev` on 127.0.0.1:port with the given state; its output goes to a log file in the
 * state directory so the bench's progress lines stay readable. The inspector gets a port from
 * the bench's own range instead of wrangler's default 9229.
 */
export async function startServer(port: number, inspectorPort: number, stateDir: string): Promise<BenchServer> {
  // The worker reads SESSION_SECRET from .dev.vars, as under `npm run dev`.
  ensureDevVars();
  return startLocalServer({
    port,
    inspectorPort,
    stateDir,
    env: { WRANGLER_LOG: "warn" },
    log: { file: join(stateDir, "wrangler.log") },
  });
}

/** Signs in through the API as a browser would and returns the Cookie header value. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return cookieHeaderOf(res);
}

/** The Cookie header a browser would send back after `res`: each Set-Cookie's name=value. */
export const cookieHeaderOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Every path in the built sitemap, in its order. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(join(ROOT, "dist", "sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}
