/** CRM direct loads with the 10,000-lead data: the board, every CRM page, the board on a phone, against the bare page. */
import { CRM_PAGES, measureCrmLoads } from "./browser";
import { goal, type BenchSection, type Row } from "./section";
import { STATIC_PAGE_PATH } from "./server";
import { ms, ratio } from "./stats";

const SECTION = "CRM first load (10,000 leads)";

export const boardSection: BenchSection = {
  name: "board",
  sharedBrowser: true,
  async run({ quick, server, cookie, browser, progress }) {
    const session = await cookie();
    const rounds = quick ? 2 : 5;
    progress(`CRM direct loads (board, ${CRM_PAGES.length} pages, board on a phone) and the bare page, cold cache, ${rounds} rounds…`);
    const loads = await measureCrmLoads(await browser(), server().base, session, STATIC_PAGE_PATH, rounds, progress);
    const timing = (t: { medianMs: number; worstMs: number }) =>
      `${ms(t.medianMs)} median · ${ms(t.worstMs)} worst (${loads.runs} runs) · ${ratio(t.medianMs, loads.bare.medianMs)} bare page`;
    const rows: Row[] = [
      {
        section: SECTION,
        measure: "Bare static page: navigation start → load",
        result: `${ms(loads.bare.medianMs)} median · ${ms(loads.bare.worstMs)} worst`,
        goal: "the ratios' yardstick",
      },
      {
        section: SECTION,
        measure: "/crm: navigation start → first draggable card",
        result: timing(loads.board),
        goal: goal(loads.board.medianMs <= 500, "≤ 500 ms"),
      },
      ...loads.pages.map((p) => ({
        section: SECTION,
        measure: `${p.path} (${p.name}): navigation start → main content`,
        result: timing(p),
        goal: goal(p.medianMs <= 500, "≤ 500 ms"),
      })),
      {
        section: SECTION,
        measure: "/crm on a phone (390 px, touch, CPU 4× slower): navigation start → first draggable card",
        result: `${ms(loads.phoneBoard.medianMs)} median · ${ms(loads.phoneBoard.worstMs)} worst (${loads.runs} runs)`,
        goal: goal(loads.phoneBoard.medianMs <= 1000, "≤ 1 s"),
      },
    ];
    return { rows, results: { board: loads }, problems: [] };
  },
};
