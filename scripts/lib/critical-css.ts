/**
 * The CSS a prerendered page needs: the rules whose selectors match its own HTML (Beasties),
 * plus, on a page with islands, the rules for every class its islands' scripts can write (a
 * form's messages and "Sending...", a preview opening), minus the theme's custom properties and
 * `@property` registrations that no remaining rule uses, and minus Tailwind's `@layer
 * properties`, a fallback for browsers without `@property` (Safari before 16.4).
 * Tailwind's theme carries every colour the CRM uses too, so that second pass is what brings the
 * home page's HTML under one round trip of a new connection (about 14 KB). A public page's one
 * `<style>` is then all the CSS it ever uses: no stylesheet loads after the first paint, so no
 * recalculation of the whole page's style lands on a phone's main thread while it is read.
 */
import Beasties from "beasties";
import postcss from "postcss";

const styleBlock = /<style>([\s\S]*?)<\/style>/;

/** What a page may come to show beyond its HTML. */
export interface LaterContent {
  /** Markup the page may show without its scripts (the server's form messages); not added to the page. */
  markup?: string;
  /** The text of every script the page's islands can load: the classes they name are kept. */
  scripts?: string;
}

/**
 * A reducer for pages that inline `stylesheet` in their one `<style>`: it returns the page with
 * that `<style>` cut down to what the page uses. The stylesheet is parsed once, here.
 */
export function criticalCssFor(stylesheet: string): (html: string, later?: LaterContent) => Promise<string> {
  const selectors = classSelectorsOf(stylesheet);
  const stylesheetClasses = new Set(selectors.flatMap(({ named }) => named));
  return async (page, { markup = "", scripts = "" } = {}) => {
    const html = page.replace("</body>", () => `${markup}</body>`);
    const classes = classesIn(html);
    const scripted = classesInScripts(scripts, stylesheetClasses);
    const known = (c: string) => classes.has(c) || scripted.has(c);
    const beasties = new Beasties({
      reduceInlineStyles: true,
      pruneSource: false,
      keyframes: "critical",
      compress: true,
      logLevel: "warn",
      allowRules: selectors
        .filter(({ named, functional }) => named.every(known) && (functional || named.some((c) => scripted.has(c))))
        .map(({ selector }) => selector),
    });
    // Beasties re-serialises the whole document; only its CSS is taken, so the markup React
    // hydrates stays byte for byte what the prerender wrote.
    const reduced = styleBlock.exec(await beasties.process(html))?.[1];
    if (reduced === undefined) throw new Error("Beasties dropped the page's <style>");
    const css = withoutUnusedProperties(reduced, html.replace(styleBlock, "") + scripts);
    return page.replace(styleBlock, () => `<style>${css}</style>`);
  };
}

function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const c of list.split(/\s+/)) if (c) classes.add(c.replaceAll("&amp;", "&"));
  return classes;
}

/**
 * Every selector that names a class, with the classes it names. Beasties matches a selector
 * after deleting its pseudo-classes, arguments and all, so `:where(.space-y-4>:not(:last-child))`
 * (Tailwind's space-y, divide and similar) becomes empty and is dropped: such "functional"
 * selectors are kept for a page whenever every class they name is on it.
 */
function classSelectorsOf(css: string): { selector: string; named: string[]; functional: boolean }[] {
  const found: { selector: string; named: string[]; functional: boolean }[] = [];
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) {
      const named = [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, c]) => c.replace(/\\(.)/g, "$1"));
      if (named.length > 0) found.push({ selector, named, functional: /:(where|is|has|not)\(/.test(selector) });
    }
  });
  return found;
}

/**
 * The stylesheet's classes that the scripts write: each must stand whole in a string, between
 * quotes, backticks or spaces, as Tailwind's own scan of the source finds them.
 */
function classesInScripts(scripts: string, candidates: Set<string>): Set<string> {
  const found = new Set<string>();
  if (!scripts) return found;
  const edge = (ch: string | undefined) => ch === undefined || /[\s"'`]/.test(ch);
  for (const c of candidates) {
    for (let at = scripts.indexOf(c); at !== -1; at = scripts.indexOf(c, at + 1)) {
      if (edge(scripts[at - 1]) && edge(scripts[at + c.length])) {
        found.add(c);
        break;
      }
    }
  }
  return found;
}

/**
 * Tailwind writes every margin, padding and size as `calc(var(--spacing) * n)`. The theme's
 * spacing never changes at run time, so the critical CSS states the length itself: a few
 * hundred bytes fewer on a page whose first response is measured in round trips.
 */
function resolveSpacing(root: postcss.Root) {
  let spacing: { n: number; unit: string } | undefined;
  root.walkDecls("--spacing", (decl) => {
    const m = /^(-?[\d.]+)(rem|px)$/.exec(decl.value.trim());
    if (m) spacing = { n: Number(m[1]), unit: m[2] };
  });
  if (!spacing) return;
  const { n, unit } = spacing;
  const length = (times: number) => (times === 0 ? "0" : `${Number((n * times).toFixed(4))}${unit}`);
  root.walkDecls((decl) => {
    if (decl.prop === "--spacing" || !decl.value.includes("var(--spacing)")) return;
    decl.value = decl.value
      .replace(/calc\(var\(--spacing\) \* (-?[\d.]+)\)/g, (_all, times: string) => length(Number(times)))
      .replace(/var\(--spacing\)/g, length(1));
  });
}

/**
 * The same for the theme's other constants (colours, fonts, radii): `var(--color-slate-700)`
 * becomes `#314158`, and the declaration goes once nothing reads it. Only properties the theme
 * defines once, as a plain value, that neither the HTML nor any other rule sets.
 */
function resolveThemeConstants(root: postcss.Root, html: string) {
  const definitions = new Map<string, postcss.Declaration[]>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--")) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl]);
  });
  const inHtml = new Set(varRefs(html));
  const constants = new Map<string, string>();
  for (const [name, decls] of definitions) {
    const [decl] = decls;
    const inTheme = decl.parent?.parent?.type === "atrule" && (decl.parent.parent as postcss.AtRule).params.trim() === "theme";
    if (decls.length === 1 && inTheme && !decl.value.includes("var(") && !inHtml.has(name)) constants.set(name, decl.value);
  }
  root.walkDecls((decl) => {
    if (!decl.value.includes("var(--")) return;
    decl.value = decl.value.replace(/var\((--[\w-]+)\)/g, (all, name: string) => constants.get(name) ?? all);
  });
}

const varRefs = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);

/**
 * Drops the `@property` fallback layer, then custom-property declarations and `@property` rules
 * nothing reads, directly or through another property.
 */
function withoutUnusedProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  root.walkAtRules("layer", (rule) => {
    if (rule.params.trim() === "properties" && rule.nodes) rule.remove();
  });
  resolveSpacing(root);
  resolveThemeConstants(root, html);
  // Inline style attributes may read theme variables too.
  const used = new Set<string>(varRefs(html));
  const readsOf = new Map<string, string[]>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--")) readsOf.set(decl.prop, [...(readsOf.get(decl.prop) ?? []), ...varRefs(decl.value)]);
    else for (const name of varRefs(decl.value)) used.add(name);
  });
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of readsOf.get(queue.pop()!) ?? []) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !used.has(decl.prop)) decl.remove();
  });
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  // Rules and blocks left empty, innermost first.
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}
