/**
 * The live channel's invalidations: a burst of change events refetches each screen once, events
 * that arrive while one of the tab's own changes is saving wait until it settles (so does what the
 * socket brings as it opens, though not gathered), and a change that arrives while a list loads
 * another page (through the live socket or not) keeps that page.
 */
import { describe, expect, it } from "vitest";
import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { createInvalidator, invalidateEntity } from "@/lib/live";
import { CrmQueryClient } from "@/lib/query-client";

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

/** One of the tab's own changes, saving until `finish` is called. */
function saving(queryClient: QueryClient) {
  let finish = () => {};
  const saved = queryClient
    .getMutationCache()
    .build(queryClient, { mutationFn: () => new Promise<void>((r) => (finish = r)) })
    .execute(undefined);
  return { finish: () => finish(), saved };
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
    const { finish, saved } = saving(s.queryClient);
    invalidator.change("invoices");
    invalidator.change("invoices");
    await wait(60);
    expect(s.fetches() - before).toBe(0);
    finish();
    await saved;
    await wait(30);
    expect(s.fetches() - before).toBe(1);
    invalidator.dispose();
    s.close();
  });

  it("runs what the socket brings as it opens at once, or once the tab's own change has saved", async () => {
    const s = screen();
    await wait(20);
    const invalidator = createInvalidator(s.queryClient, 10);
    const refresh = () => s.queryClient.invalidateQueries({ queryKey: ["invoices"] });
    // Nothing saving: no gathering delay.
    let before = s.fetches();
    invalidator.afterSaving(refresh);
    expect(s.fetches() - before).toBe(1);
    await wait(20);

    // A move saving (its card already shown where it was put): a refetch now would read it undone.
    const { finish, saved } = saving(s.queryClient);
    before = s.fetches();
    invalidator.afterSaving(refresh);
    await wait(60);
    expect(s.fetches() - before).toBe(0);
    finish();
    await saved;
    await wait(0);
    expect(s.fetches() - before).toBe(1);
    invalidator.dispose();
    s.close();
  });
});

/** An on-screen feed of pages 1, 2, 3…, each page's fetch held until `release` is called. */
function feed() {
  const queryClient = new CrmQueryClient({ defaultOptions: { queries: { retry: false } } });
  const held: (() => void)[] = [];
  let fetches = 0;
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ["activities", "list", {}],
    queryFn: ({ pageParam }: { pageParam: number }) => {
      fetches += 1;
      return new Promise<number>((r) => held.push(() => r(pageParam)));
    },
    initialPageParam: 1,
    getNextPageParam: (last: number) => last + 1,
  });
  const unsubscribe = observer.subscribe(() => {});
  const release = () => held.splice(0).forEach((answer) => answer());
  return {
    queryClient,
    observer,
    release,
    fetches: () => fetches,
    pages: () => observer.getCurrentResult().data?.pages,
    close: unsubscribe,
  };
}

describe("a change that arrives while Load more is loading", () => {
  it.each([
    ["a colleague's change over the live socket", (qc: QueryClient) => invalidateEntity(qc, "activities")],
    ["the tab's own save", (qc: QueryClient) => qc.invalidateQueries({ queryKey: ["activities"] })],
  ])("%s keeps the page asked for, then refetches every page shown", async (_, change) => {
    const f = feed();
    await wait(0);
    f.release();
    await wait(0);
    expect(f.pages()).toEqual([1]);

    const more = f.observer.fetchNextPage();
    await wait(0);
    // The change lands mid-load: the list must not drop the page the user asked for.
    const refetched = change(f.queryClient);
    // The server answers whatever is asked, page by page, until the refetch is done.
    const answering = setInterval(f.release, 1);
    await more;
    await refetched;
    clearInterval(answering);
    expect(f.pages()).toEqual([1, 2]);
    // Page 1, page 2, then both again for the change.
    expect(f.fetches()).toBe(4);
    f.close();
  });
});
