/**
 * Local demo data: `npm run db:seed` fills an empty local database (D1 and the preview records
 * in KV) through wrangler's getPlatformProxy, so it writes the very state `wrangler dev` reads.
 * `npm run db:reset` (this script with --reset) deletes that state first.
 *
 *   tsx scripts/seed/cli.ts [--reset] [--persist-to DIR] [--leads N] [--lists N]
 *
 * The command line only: the data is in data/, the generators that turn it into rows are
 * assembled by build.ts, and write.ts writes them.
 */
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { count } from "drizzle-orm";
import type { D1Database, KVNamespace } from "@cloudflare/workers-types";
import { createDb } from "../../worker/platform/db";
import { users } from "../../worker/db/schema";
import { hashPassword } from "../../worker/platform/password";
import { DEFAULT_STATE_DIR, demoLinkToken, DEV_PORT, readDemoSettings, ROOT, sha256Hex } from "../lib/local";
import { PREVIEW_CLIENTS } from "./data/clients";
import { LEADS } from "./data/leads";
import { buildSeed } from "./build";
import { writePreviews, writeSeed } from "./write";
import { applyMigrations } from "../lib/migrate";

const DEFAULT_LEADS = LEADS.length;

const USAGE = `Usage: tsx scripts/seed/cli.ts [--reset] [--persist-to DIR] [--leads N] [--lists N]
  --reset           delete all local state (D1, KV, Durable Objects) first, then migrate and seed
  --persist-to DIR  the state directory, as for \`wrangler dev --persist-to\` (default ${DEFAULT_STATE_DIR})
  --leads N         seed N leads instead of ${DEFAULT_LEADS} (e.g. 10000 for the benchmark)
  --lists N         also N generated clients, each with a project, a proposal, an invoice and a task
                    (the benchmark: 1000, about what its 10,000 leads would have brought a studio)`;

async function devServerRunning(): Promise<boolean> {
  try {
    const res = await fetch(`http://localhost:${DEV_PORT}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The proxy only needs D1 and KV, yet wrangler and workerd warn that it does not serve the
 * worker's own Durable Object (LIVE): true, irrelevant here, and alarming in `npm run dev`.
 */
async function quietly<T>(start: () => Promise<T>): Promise<T> {
  const write = process.stderr.write.bind(process.stderr);
  const noise =
    /internal Durable Objects|These will not work in local development|define your DO in a separate Worker|Durable Objects section here|DurableObjectNamespace in the config referenced/;
  process.env.WRANGLER_LOG ??= "error";
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    noise.test(String(chunk)) ? true : write(chunk, ...rest)) as typeof process.stderr.write;
  try {
    return await start();
  } finally {
    // workerd reports the missing class a moment after start-up.
    setTimeout(() => (process.stderr.write = write), 1500).unref();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      leads: { type: "string" },
      lists: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const leadCount = values.leads === undefined ? DEFAULT_LEADS : Number(values.leads);
  if (!Number.isInteger(leadCount) || leadCount < 0 || leadCount > 1_000_000)
    throw new Error(`--leads must be a whole number, got ${values.leads}`);
  const listCount = values.lists === undefined ? 0 : Number(values.lists);
  if (!Number.isInteger(listCount) || listCount < 0 || listCount > 100_000)
    throw new Error(`--lists must be a whole number, got ${values.lists}`);
  const persistTo = values["persist-to"];
  const stateDir = resolve(ROOT, persistTo ?? DEFAULT_STATE_DIR);
  const settings = readDemoSettings();

  if (values.reset) {
    if (!persistTo && (await devServerRunning())) {
      throw new Error(`A server answers on port ${DEV_PORT}. Stop \`npm run dev\` before resetting: it holds the state being deleted.`);
    }
    if (existsSync(stateDir)) rmSync(stateDir, { recursive: true, force: true });
    console.log(`🧹 Deleted local state in ${stateDir} (D1, KV, Durable Objects)`);
  }

  const started = performance.now();
  const proxy = await quietly(() =>
    getPlatformProxy<{ DB: D1Database; PREVIEWS: KVNamespace }>({
      configPath: join(ROOT, "wrangler.toml"),
      persist: { path: join(stateDir, "v3") },
    }),
  );
  try {
    const migrated = await applyMigrations(proxy.env.DB);
    console.log(`🗄️  Applied ${migrated.length} migration(s) to the local D1 database`);
    const db = createDb(proxy.env.DB);
    const [{ n }] = await db.select({ n: count() }).from(users);
    if (n > 0) {
      console.log(
        `✔ The local database already has ${n} user(s): not seeding. Run \`npm run db:reset\` to start again from the demo data.`,
      );
      return;
    }
    const [owner, sales, team] = await Promise.all([
      hashPassword(settings.DEMO_OWNER_PASSWORD),
      hashPassword(settings.DEMO_SALES_PASSWORD),
      hashPassword(settings.DEMO_TEAM_PASSWORD),
    ]);
    const rows = buildSeed({
      staff: {
        owner: { email: settings.DEMO_OWNER_EMAIL, hash: owner },
        sales: { email: settings.DEMO_SALES_EMAIL, hash: sales },
        team: { hash: team },
      },
      links: {
        proposalTokenHash: sha256Hex(demoLinkToken("proposal", settings.SESSION_SECRET)),
        invoiceTokenHash: sha256Hex(demoLinkToken("invoice", settings.SESSION_SECRET)),
      },
      leads: leadCount,
      lists: listCount,
      now: Date.now(),
    });
    const statements = await writeSeed(db, rows);
    await writePreviews({ kv: proxy.env.PREVIEWS, db }, settings.DEMO_PREVIEW_CODE);
    const counts = Object.entries(rows)
      .map(([table, list]) => `${list.length} ${table}`)
      .join(", ");
    const ms = Math.round(performance.now() - started);
    console.log(`🌱 Seeded ${counts} (${statements} statements) and ${PREVIEW_CLIENTS.length} preview records in ${ms} ms`);
  } finally {
    await proxy.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(`✘ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
