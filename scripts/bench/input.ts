/** Whether a control works the moment the page looks ready: the first-input measurements (first-input.ts) as rows. */
import { measureBookFirstInput, measureContactFirstInput, measureMenuFirstInput, measurePreviewCodeFirstInput } from "./first-input";
import { goal, type BenchSection } from "./section";
import { median, ms } from "./stats";

export const inputSection: BenchSection = {
  name: "input",
  sharedBrowser: true,
  async run({ quick, demo, server, browser, progress }) {
    // Fresh cold loads per control: each try is a new context, so more tries repeat the same race.
    const tries = quick ? 5 : 10;
    progress(
      `first input works: Send Message, Book the call, the 375 px menu and a preview code filled at load, ${tries} tries each (CPU 4× slower, scripts held 3 s)…`,
    );
    const b = await browser();
    const base = server().base;
    const contact = await measureContactFirstInput(b, base, tries);
    const book = await measureBookFirstInput(b, base, tries);
    const menu = await measureMenuFirstInput(b, base, tries);
    const previewCode = await measurePreviewCodeFirstInput(b, base, tries, demo.DEMO_PREVIEW_CODE);
    const rows = (
      [
        ["Send Message on empty /contact, 100 ms after first paint → SPEC messages", contact],
        ["Book the call on empty /book, 100 ms after first paint → its messages", book],
        ["Menu button at 375 px, 100 ms after first paint → menu open", menu],
        ["Access code filled 100 ms after first paint, sent once hydrated → preview unlocked", previewCode],
      ] as const
    ).map(([measure, r]) => ({
      section: "First input works",
      measure,
      result: `${r.worked} of ${r.tries}${r.responseMs.length ? ` · p50 ${ms(median(r.responseMs))}` : ""}`,
      goal: goal(r.worked === r.tries, "100%"),
    }));
    return { rows, results: { firstInput: { contact, book, menu, previewCode } }, problems: [] };
  },
};
