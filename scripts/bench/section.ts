/**
 * What a bench section is: a measurement that returns its rows of the table, its part of
 * bench/results.json and any correctness problems. The runner (scripts/bench.ts) hands each one
 * the same context: the server, one signed-in session, one lead sample and, for the browser
 * sections that follow each other, one Chromium.
 */
import type { Browser } from "playwright";
import type { DemoSettings } from "../lib/local";
import type { LeadSample } from "./api-client";
import type { BenchServer } from "./server";

export const SECTIONS = [
  "lighthouse",
  "shared",
  "js",
  "input",
  "board",
  "api",
  "live",
  "jobs",
  "mail",
  "load",
  "cost",
  "size",
  "scale",
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** One line of the table; `goal` ends in ✔ or ✘ when the figure has a goal it can miss. */
export interface Row {
  section: string;
  measure: string;
  result: string;
  goal: string;
}

export interface SectionOutcome {
  rows: Row[];
  /** Merged into bench/results.json under these keys. */
  results: Record<string, unknown>;
  /** Correctness problems (not slow timings): any of them fails the run. */
  problems: string[];
}

export interface BenchContext {
  /** --quick: shorter runs for iterating. */
  quick: boolean;
  /** --reuse-state: keep state from an earlier run. */
  reuseState: boolean;
  demo: DemoSettings;
  port: number;
  inspectorPort: number;
  /** Chromium's DevTools port for Lighthouse. */
  lighthousePort: number;
  stateDir: string;
  /** The running bench server (throws before it has started). */
  server(): BenchServer;
  /** The demo Owner's session cookie, signed in once for every section that needs it. */
  cookie(): Promise<string>;
  /** Leads and search terms sampled once from the server. */
  sample(): Promise<LeadSample>;
  /** A Chromium shared by consecutive sections that set `sharedBrowser`. */
  browser(): Promise<Browser>;
  progress(line: string): void;
}

export interface BenchSection {
  name: SectionName;
  /** Measured before the server starts (the build's output, not the running worker). */
  beforeServer?: boolean;
  /** Uses ctx.browser(): the runner closes it after the last of a run of such sections. */
  sharedBrowser?: boolean;
  run(ctx: BenchContext): Promise<SectionOutcome>;
}

export const goal = (met: boolean, text: string) => `${text} ${met ? "✔" : "✘"}`;
