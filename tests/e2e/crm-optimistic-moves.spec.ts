/**
 * Quick optimistic moves on the projects board (web/src/lib/query-client.ts optimisticItemChange,
 * features/projects/api/projects.ts useMoveProject): a move whose save fails puts back only its own
 * card, a move that saves is not undone by another's failure or by another's refresh, and every
 * move that saves gets its own toast, not only the latest.
 */
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, expectStatus, holdLive, keyboardDrag, signIn } from "./support";

const column = (page: Page, stage: string) => page.getByRole("region", { name: `${stage} column` });

/** Every stage each project's card is rendered in, in order, straight from the DOM. */
async function recordStages(page: Page, ids: string[]) {
  await page.evaluate((ids) => {
    const w = window as unknown as { __stages: Record<string, string[]> };
    w.__stages = Object.fromEntries(ids.map((id) => [id, []]));
    const record = () => {
      for (const id of ids) {
        const stage =
          document.querySelector(`li[data-project-id="${id}"]`)?.closest("section[data-stage]")?.getAttribute("data-stage") ?? "none";
        const seen = w.__stages[id]!;
        if (seen.at(-1) !== stage) seen.push(stage);
      }
    };
    record();
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
  }, ids);
  return (id: string) => page.evaluate((id) => (window as unknown as { __stages: Record<string, string[]> }).__stages[id], id);
}

/** Holds `id`'s PATCH in the network until released; `answer` then decides what it gets. */
async function holdPatch(page: Page, id: string, answer: (route: Route) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const isHeld = new Promise<void>((r) => (held = r));
  await page.route(`**/api/crm/projects/${id}`, async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    held();
    await released;
    await answer(route);
  });
  return { isHeld, release };
}

const patched = (page: Page, id: string) =>
  page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === `/api/crm/projects/${id}`);

test("two quick project moves: a failed save puts back only its own card, and each saved move gets its toast", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const titles = { failing: `Failing Move ${stamp}`, saved: `Saved Move ${stamp}`, latest: `Latest Move ${stamp}` };
  const ids: Record<keyof typeof titles, string> = { failing: "", saved: "", latest: "" };
  for (const key of Object.keys(titles) as (keyof typeof titles)[]) {
    const made = api(page.request).crm.projects.$post({ json: { title: titles[key], stage: "Discovery", status: "On Track" } });
    ids[key] = (await expectStatus(made, 201)).project.id;
  }

  // The failing move's save is held, then refused with a 500; the saved one is held until the
  // latest move has been made and saved, so it settles while it is no longer the latest call.
  const failing = await holdPatch(page, ids.failing, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "The save broke (test)" } }),
    }),
  );
  const saved = await holdPatch(page, ids.saved, (route) => route.continue());

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/crm/projects");
  const discovery = column(page, "Discovery");
  for (const title of Object.values(titles)) await expect(discovery.getByText(title)).toBeVisible();
  const stagesOf = await recordStages(page, Object.values(ids));
  const move = async (title: string, stage: string) => {
    await keyboardDrag(page, discovery.getByRole("button", { name: `Move ${title}` }), column(page, stage));
    await expect(column(page, stage).getByText(title)).toBeVisible();
  };

  // 1. The failing move: on screen at once, its save held.
  await move(titles.failing, "Design");
  await failing.isHeld;
  // 2. The saved move, to the same stage: also held.
  await move(titles.saved, "Design");
  await saved.isHeld;
  // 3. The latest move saves straight away, and gets its toast.
  const latestSaved = patched(page, ids.latest);
  await move(titles.latest, "Build");
  expect((await latestSaved).ok()).toBeTruthy();
  await expect(page.getByText("Project moved to Build")).toBeVisible();

  // The earlier move saves after the latest call was made: it still gets its own toast.
  const savedSaved = patched(page, ids.saved);
  saved.release();
  expect((await savedSaved).ok()).toBeTruthy();
  await expect(page.getByText("Project moved to Design")).toBeVisible();

  // An observation window, not a wait for something: a refresh set off by a settled move while the
  // failing one is still saving would land within milliseconds locally and bring back the server's
  // copy, where that card is still in Discovery; the observer above records any flip it causes.
  await page.waitForTimeout(1_000);
  expect(await stagesOf(ids.failing)).toEqual(["Discovery", "Design"]);
  expect(await stagesOf(ids.saved)).toEqual(["Discovery", "Design"]);
  expect(await stagesOf(ids.latest)).toEqual(["Discovery", "Build"]);

  // The failing save is refused: only its card goes back; the other two stay where they were put.
  const failedSaved = patched(page, ids.failing);
  const refreshed = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/crm/projects");
  failing.release();
  expect((await failedSaved).status()).toBe(500);
  await expect(page.getByText("Failed to update project stage")).toBeVisible();
  await expect(discovery.getByText(titles.failing)).toBeVisible();
  await expect(column(page, "Design").getByText(titles.saved)).toBeVisible();
  await expect(column(page, "Build").getByText(titles.latest)).toBeVisible();
  // Once everything settled the board refreshes, and agrees with what the user saw (again a short
  // observation window once the refetch has answered, for it to render).
  expect((await refreshed).ok()).toBeTruthy();
  await page.waitForTimeout(500);
  expect(await stagesOf(ids.failing)).toEqual(["Discovery", "Design", "Discovery"]);
  expect(await stagesOf(ids.saved)).toEqual(["Discovery", "Design"]);
  expect(await stagesOf(ids.latest)).toEqual(["Discovery", "Build"]);

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.reload();
  await expect(column(page, "Discovery").getByText(titles.failing)).toBeVisible();
  await expect(column(page, "Design").getByText(titles.saved)).toBeVisible();
  await expect(column(page, "Build").getByText(titles.latest)).toBeVisible();
});

test("a move made before the live socket opens is not undone by the refresh the socket brings", async ({ page }) => {
  await signIn(page.request);
  const title = `Early Move ${Date.now()}`;
  const made = api(page.request).crm.projects.$post({ json: { title, stage: "Discovery", status: "On Track" } });
  const { id } = (await expectStatus(made, 201)).project;
  const save = await holdPatch(page, id, (route) => route.continue());
  // The socket reaches the hub only once the move is saving. The project was added just before the
  // page read its data, so the hub's first word names projects (or all, from a hub just started)
  // and the board refreshes.
  const { letThrough, missed } = await holdLive(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/crm/projects");
  const discovery = column(page, "Discovery");
  await expect(discovery.getByText(title)).toBeVisible();
  const stagesOf = await recordStages(page, [id]);
  await keyboardDrag(page, discovery.getByRole("button", { name: `Move ${title}` }), column(page, "Design"));
  await save.isHeld;
  letThrough();
  expect(await missed).toEqual(expect.arrayContaining([expect.stringMatching(/^(projects|all)$/)]));
  // An observation window: a refresh read while the move is still saving would land within
  // milliseconds locally, with the card back in Discovery.
  await page.waitForTimeout(1_000);
  expect(await stagesOf(id)).toEqual(["Discovery", "Design"]);

  const saved = patched(page, id);
  save.release();
  expect((await saved).ok()).toBeTruthy();
  await expect(page.getByText("Project moved to Design")).toBeVisible();
  await page.waitForTimeout(500);
  expect(await stagesOf(id)).toEqual(["Discovery", "Design"]);
});
