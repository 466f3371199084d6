/**
 * The worker's boundaries hold because ESLint refuses what crosses them. Each rule is run here on
 * a small planted source placed inside the tree (lintText with a filePath there), so removing or
 * loosening a rule in eslint.config.js fails this file, not a review months later.
 */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.message);
}

const THROUGH_FACE = "A module imports another only through its index.ts";
const PLATFORM = "platform/ knows no domain";
const HTTP = "http/ reaches modules only through app.ts";
const NO_HONO = "Services don't know about HTTP";

describe("a module imports another only through its index.ts", () => {
  it("refuses a reach into another module's files", async () => {
    const messages = await messagesFor("worker/modules/leads/planted.ts", 'export { listClients } from "../clients/clients";\n');
    expect(messages.some((m) => m.includes(THROUGH_FACE))).toBe(true);
  });

  it("lets it through the face, and within its own folder", async () => {
    const messages = await messagesFor(
      "worker/modules/leads/planted.ts",
      'export { listClients } from "../clients";\nexport { listLeads } from "./leads";\n',
    );
    expect(messages).toEqual([]);
  });
});

describe("a table's foreign keys may name another module's table", () => {
  it("lets a tables.ts read another module's tables.ts", async () => {
    expect(await messagesFor("worker/modules/leads/tables.ts", 'export { clients } from "../clients/tables";\n')).toEqual([]);
  });

  it("keeps every other file to the face", async () => {
    const messages = await messagesFor("worker/modules/leads/planted.ts", 'export { clients } from "../clients/tables";\n');
    expect(messages.some((m) => m.includes(THROUGH_FACE))).toBe(true);
  });
});

describe("platform/ imports no module and nothing from http/", () => {
  it("refuses a module, even through its face", async () => {
    const messages = await messagesFor("worker/platform/planted.ts", 'export { listLeads } from "../modules/leads";\n');
    expect(messages.some((m) => m.includes(PLATFORM))).toBe(true);
  });

  it("refuses http/", async () => {
    const messages = await messagesFor("worker/platform/planted.ts", 'export { onError } from "../http/errors";\n');
    expect(messages.some((m) => m.includes(PLATFORM))).toBe(true);
  });
});

describe("http/ reaches modules only through app.ts", () => {
  it("refuses a module", async () => {
    const messages = await messagesFor("worker/http/planted.ts", 'export { currentUser } from "../modules/users-and-auth";\n');
    expect(messages.some((m) => m.includes(HTTP))).toBe(true);
  });

  it("lets it use platform/", async () => {
    expect(await messagesFor("worker/http/planted.ts", 'export { logLine } from "../platform/log";\n')).toEqual([]);
  });
});

describe("a module's services know no Hono", () => {
  it("refuses Hono in a service", async () => {
    const messages = await messagesFor("worker/modules/leads/planted.ts", 'export { Hono } from "hono";\n');
    expect(messages.some((m) => m.includes(NO_HONO))).toBe(true);
  });

  it("allows it in a module's routes", async () => {
    expect(await messagesFor("worker/modules/leads/planted-routes.ts", 'export { Hono } from "hono";\n')).toEqual([]);
  });
});
