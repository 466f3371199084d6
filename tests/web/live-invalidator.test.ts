/**
 * The live channel's invalidations: a burst of change events refetches each screen once, and
 * events that arrive while one of the tab's own changes is saving wait until it settles.
 */
import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { createInvalidator } from "@/lib/live";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client with an on-screen invoices list whose fetches are counted. */
function screen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ["invoices", "list"],
    queryFn: async () => {
      fetches += 1;
      await wait(5);
      return fetches;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { queryClient, fetches: () => fetches, close: unsubscribe };
}

describe("the live channel's invalidator", () => {
  it("refetches a screen once for a burst of changes, not once per change", async () => {
    const s = screen();
    await wait(20);
    const before = s.fetches();
    const invalidator = createInvalidator(s.queryClient, 30);
    for (let i = 0; i < 500; i++) invalidator.change(i % 2 ? "invoices" : "clients");
    await wait(120);
    expect(s.fetches() - before).toBe(1);
    // A later change is its own refetch.
    invalidator.change("invoices");
    await wait(120);
    expect(s.fetches() - before).toBe(2);
    invalidator.dispose();
    s.close();
  });

  it("holds changes while the tab's own change is saving, then refetches once", async () => {
    const s = screen();
    await wait(20);
    const before = s.fetches();
    const invalidator = createInvalidator(s.queryClient, 10);
    let finish = () => {};
    const saving = s.queryClient
      .getMutationCache()
      .build(s.queryClient, { mutationFn: () => new Promise<void>((r) => (finish = r)) })
      .execute(undefined);
    invalidator.change("invoices");
    invalidator.change("invoices");
    await wait(60);
    expect(s.fetches() - before).toBe(0);
    finish();
    await saving;
    await wait(30);
    expect(s.fetches() - before).toBe(1);
    invalidator.dispose();
    s.close();
  });
});
