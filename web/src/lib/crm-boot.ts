/**
 * Seeds the CRM's query cache from the data the worker inlined into the shell (contract/crm-boot.ts,
 * docs/decisions/0010-crm-first-data-inline.md) before the first render, so the page renders with
 * its data instead of a spinner and makes none of those requests. Read once: the block describes
 * the page as it was loaded, and a later visit in the same tab fetches as usual.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { CrmBoot } from "@contract/crm-boot";
import { SESSION_QUERY_KEY } from "./query-client";

/** CRM_BOOT_ELEMENT_ID; not imported, as the contract module would bring its schemas (and zod) along. */
const ELEMENT_ID = "crm-boot";

/** What the live socket's first connection needs of the block. */
export interface BootSync {
  /** When the worker began reading the seeded queries (epoch ms); undefined when nothing was seeded. */
  readAt: number | undefined;
  keys: QueryKey[];
  /** The keys seeded with less than their query asks for. */
  partialKeys: QueryKey[];
}
const NOTHING_SEEDED: BootSync = { readAt: undefined, keys: [], partialKeys: [] };
let sync = NOTHING_SEEDED;

/**
 * The worker read the seeded queries before the live socket listened, so its first connection asks
 * the hub what changed since then (`since`, bootReadAt) and, once open, takes the rest (takeBootSync)
 * to refresh exactly that (all of `keys` when the hub cannot tell), and the partial ones whatever
 * happened. Taken once: a later connection, or the provider mounted again, refreshes as usual.
 */
export function bootReadAt(): number | undefined {
  return sync.readAt;
}

export function takeBootSync(): BootSync {
  const taken = sync;
  sync = NOTHING_SEEDED;
  return taken;
}

/** Answers who the block says is signed in (null: nobody), or undefined when there is no block. */
export function seedFromBoot(queryClient: QueryClient): CrmBoot["user"] | undefined {
  const element = document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  let boot: CrmBoot;
  try {
    boot = JSON.parse(element.textContent) as CrmBoot;
  } catch (error) {
    // The page then asks for everything itself, as it would without the block.
    console.error(error);
    return undefined;
  }
  queryClient.setQueryData(SESSION_QUERY_KEY, boot.user);
  for (const q of boot.queries) {
    queryClient.setQueryData(q.key, q.firstPageParam === undefined ? q.data : { pages: [q.data], pageParams: [q.firstPageParam] });
  }
  sync = {
    readAt: boot.queries.length > 0 ? boot.read_at : undefined,
    keys: boot.queries.map((q) => q.key),
    partialKeys: boot.queries.filter((q) => q.partial).map((q) => q.key),
  };
  return boot.user;
}
