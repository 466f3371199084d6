/**
 * The README and docs/ link to each other by relative paths, and files move (decisions renumbered,
 * guide pages split): every relative link must reach a Markdown file of the repository, and every
 * #anchor into one a heading it has. Read at build time by Vite's glob, so nothing touches a disk.
 */
import { describe, expect, it } from "vitest";

const pages = import.meta.glob<string>(["/README.md", "/docs/**/*.md"], { query: "?raw", import: "default", eager: true });

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, "");

function anchorsOf(text: string): Set<string> {
  const headings = withoutCode(text)
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line));
  return new Set(headings.map((line) => slug(line.replace(/^#+ /, ""))));
}

/** `dir/a/../b.md` → `dir/b.md`, from a page's own folder. */
function resolve(from: string, target: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

function brokenLinks(): string[] {
  const broken: string[] = [];
  for (const [page, text] of Object.entries(pages)) {
    for (const [, target] of withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split("#");
      const file = path ? `/${resolve(page.slice(1), path)}` : page;
      if (!(file in pages)) broken.push(`${page}: ${target} (no such Markdown file)`);
      else if (anchor && !anchorsOf(pages[file]).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor})`);
    }
  }
  return broken;
}

describe("links in the README and docs/", () => {
  it("reads the README, the guide, the performance page and the decisions", () => {
    expect(Object.keys(pages)).toEqual(
      expect.arrayContaining(["/README.md", "/docs/guide/README.md", "/docs/performance.md", "/docs/decisions/README.md"]),
    );
  });

  it("every relative link reaches a page, and every #anchor a heading of it", () => {
    expect(brokenLinks()).toEqual([]);
  });
});
