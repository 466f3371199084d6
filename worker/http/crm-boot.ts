/**
 * The CRM shell with its first data inline (docs/decisions/0010-crm-first-data-inline.md): the
 * worker asks its own API, in-process and with the visitor's cookie, for exactly what the page's
 * queries would fetch, so the data is the API's own answer and the browser never waits for its
 * code to run before asking for it. Without a valid session the block says so (user null) and
 * carries no data: the gate shows without a round trip.
 */
import type { Context, ExecutionContext } from "hono";
import type { AppEnv } from "../env";
import { CRM_BOOT_ELEMENT_ID, crmBootQueries, type CrmBoot, type CrmBootData } from "../../contract/crm-boot";
import type { SessionUser } from "../../contract/user";
import { safeJson } from "../platform/safe-json";

/** The API app with its request context (database, headers): what a sub-request goes through. */
export interface ApiFetcher {
  fetch(request: Request, env: AppEnv["Bindings"], ctx?: ExecutionContext): Response | Promise<Response>;
}

/**
 * Who is signed in and what only an Owner may read. The sign-in module answers both; app.ts hands
 * them over, as http/ knows no module.
 */
export interface StaffGate {
  currentUser(c: Context<AppEnv>, db: AppEnv["Variables"]["db"]): Promise<SessionUser | null>;
  isOwnerOnly(method: string, path: string): boolean;
}

function executionCtx(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

export async function crmBoot(c: Context<AppEnv>, api: ApiFetcher, staff: StaffGate): Promise<CrmBoot> {
  const cookie = c.req.header("Cookie");
  // One lookup first: a forged or expired cookie then costs no further queries, and Sales never
  // asks for what only an Owner may read (the API would refuse it and log the refusal).
  const user = cookie ? await staff.currentUser(c, c.get("db")) : null;
  if (!user) return { user: null, queries: [] };
  const url = new URL(c.req.url);
  const queries = crmBootQueries(url.pathname, url.searchParams).filter(
    (q) => user.role === "Owner" || !staff.isOwnerOnly("GET", new URL(q.url, url).pathname),
  );
  const ctx = executionCtx(c);
  // Before the reads: a change committed once they began is then reported to the page's socket.
  const read_at = Date.now();
  const answers = await Promise.all(
    queries.map(async (q): Promise<CrmBootData | null> => {
      const res = await api.fetch(
        new Request(new URL(q.url, url), { headers: { Cookie: cookie!, Accept: "application/json" } }),
        c.env,
        ctx,
      );
      // Whatever else goes wrong is left to the page, which asks again and reports it in its own words.
      if (res.status !== 200) {
        await res.body?.cancel();
        return null;
      }
      const data: unknown = await res.json();
      return {
        key: q.key,
        data,
        ...(q.firstPageParam === undefined ? {} : { firstPageParam: q.firstPageParam }),
        ...(q.partial ? { partial: q.partial } : {}),
      };
    }),
  );
  return { user, queries: answers.filter((a) => a !== null), read_at };
}

/** The block to put in the shell's <head>; JSON data blocks are not run, so the CSP has nothing to allow. */
export const crmBootTag = (boot: CrmBoot) => `<script type="application/json" id="${CRM_BOOT_ELEMENT_ID}">${safeJson(boot)}</script>`;
