/**
 * Bounded input everywhere (docs/guide/security.md). Whatever any API, form or workflow can write must
 * fit what Import accepts, or one post can make every later export unimportable and every
 * delete-all backup unrestorable. The first test derives this from the schemas themselves, so a
 * new field without a limit, or a limit raised on one side only, fails here.
 */
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { activityInput } from "../../../contract/activity";
import { clientInput, clientPatch } from "../../../contract/client";
import {
  activityRow,
  clientRow,
  exportDocument,
  invoiceRow,
  leadActivityRow,
  leadRow,
  previewApprovalRow,
  previewCommentRow,
  previewReplyRow,
  proposalMessageRow,
  proposalResponseRow,
  projectRow,
  proposalRow,
  taskRow,
} from "../../../contract/export";
import { contactInput, redesignInput, submissionMeta, valuationInput } from "../../../contract/form-submission";
import { invoiceInput, invoicePatch } from "../../../contract/invoice";
import { leadInput, leadPatch } from "../../../contract/lead";
import { leadNoteInput } from "../../../contract/lead-activity";
import { approvalInput, commentInput, replyInput } from "../../../contract/preview-feedback";
import { projectInput, projectPatch } from "../../../contract/project";
import { proposalAcceptInput, proposalDeclineInput, proposalQuestionInput, proposalReplyInput } from "../../../contract/proposal";
import { proposalInput, proposalPatch } from "../../../contract/proposal";
import { taskInput, taskPatch } from "../../../contract/task";
import { utmKeys } from "../../../contract/utm";
import { PUBLIC_BODY_MAX_BYTES } from "../../../worker/http/body-limit";
import { request, rows, signInAs } from "../support/helpers";
import { exportAll } from "../support/crm-data";

type Node = {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  items?: Node;
  properties?: Record<string, Node>;
};
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Node;

/** The longest text a value can be (Infinity when some branch has no limit); 0 for numbers and booleans. */
function maxChars(node: Node): number {
  if (node.anyOf) return Math.max(...node.anyOf.map(maxChars));
  if (node.enum) return Math.max(...node.enum.map((v) => String(v).length));
  if (node.const !== undefined) return String(node.const).length;
  if (node.type === "string") return node.maxLength ?? Infinity;
  if (node.type === "array") return Infinity;
  if (node.type === "number" || node.type === "integer" || node.type === "boolean" || node.type === "null") return 0;
  // A schema the converter could not describe (a transform, say) proves no limit.
  return Infinity;
}
const arrayOf = (node: Node): Node | undefined => (node.type === "array" ? node : node.anyOf?.map(arrayOf).find(Boolean));

/** Every writable field of `input` is bounded, and no looser than the same column in the export's `row`. */
function expectFits(input: z.ZodType, row: z.ZodType) {
  const fields = jsonSchema(input).properties!;
  const columns = jsonSchema(row).properties!;
  for (const [name, field] of Object.entries(fields)) {
    // The versions a client sends back are compared, and the ticks checked: none is stored as sent.
    if (name === "updated_at" || name === "confirm" || name === "version" || name === "agree") continue;
    const column = columns[name];
    expect(column, `${name} has a column in the export`).toBeDefined();
    const list = arrayOf(field);
    if (list) {
      expect(list.maxItems, `${name}: at most how many`).toBeLessThanOrEqual(arrayOf(column)!.maxItems!);
      expect(maxChars(list.items!), `${name}: each item bounded`).toBeLessThanOrEqual(maxChars(arrayOf(column)!.items!));
      continue;
    }
    expect(maxChars(field), `${name} is bounded`).toBeLessThan(Infinity);
    expect(maxChars(field), `${name} fits the export`).toBeLessThanOrEqual(maxChars(column));
  }
}

describe("bounded input", () => {
  it.each([
    ["leadInput", leadInput, leadRow],
    ["leadPatch", leadPatch, leadRow],
    ["leadNoteInput", leadNoteInput, leadActivityRow],
    ["clientInput", clientInput, clientRow],
    ["clientPatch", clientPatch, clientRow],
    ["projectInput", projectInput, projectRow],
    ["projectPatch", projectPatch, projectRow],
    ["proposalInput", proposalInput, proposalRow],
    ["proposalPatch", proposalPatch, proposalRow],
    ["invoiceInput", invoiceInput, invoiceRow],
    ["invoicePatch", invoicePatch, invoiceRow],
    ["taskInput", taskInput, taskRow],
    ["taskPatch", taskPatch, taskRow],
    ["activityInput", activityInput, activityRow],
    ["commentInput", commentInput, previewCommentRow],
    ["replyInput", replyInput, previewReplyRow],
    ["approvalInput", approvalInput, previewApprovalRow],
    ["proposalAcceptInput", proposalAcceptInput, proposalResponseRow],
    ["proposalDeclineInput", proposalDeclineInput, proposalResponseRow],
    ["proposalQuestionInput", proposalQuestionInput, proposalMessageRow],
    ["proposalReplyInput", proposalReplyInput, proposalMessageRow],
  ] as const)("%s: every field has a limit, and the export takes the longest it allows", (_name, input, row) => {
    expectFits(input as z.ZodType, row as z.ZodType);
  });

  it.each([
    ["contact", contactInput],
    ["redesign", redesignInput],
    ["valuation", valuationInput],
  ] as const)("the %s form bounds every field it stores", (_name, form) => {
    const fields = jsonSchema(form.extend(submissionMeta.shape)).properties!;
    for (const [name, field] of Object.entries(fields)) {
      if (name === "utm")
        for (const [key, value] of Object.entries(field.anyOf?.[0]?.properties ?? field.properties ?? {}))
          expect(maxChars(value), key).toBeLessThan(Infinity);
      else expect(maxChars(field), name).toBeLessThan(Infinity);
    }
  });
});

/** A field as long as the schema allows, in four-byte characters where that is harder on the limits. */
const longest = (n: number) => "😀".repeat(Math.floor(n / 2)) + "x".repeat(n % 2);

describe("the longest enquiry an anonymous visitor can send", () => {
  it("keeps only the known campaign keys, stays under the body limit, and still exports and imports", async () => {
    const utm = Object.fromEntries([
      ...utmKeys.map((k) => [k, longest(200)]),
      ...Array.from({ length: 100 }, (_, i) => [`utm_x${i}`, "y".repeat(200)]),
    ]);
    const body = {
      name: longest(120),
      email: `${"a".repeat(60)}@example.co.uk`,
      subject: longest(200),
      message: longest(5000),
      page: longest(300),
      utm,
    };
    // Raw requests: unknown campaign keys are what the form's types forbid.
    // A hundred unknown keys push this past the public limit: refused before it is read, nothing stored.
    const tooBig = await request("POST", "/api/contact", body);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(await rows("SELECT id FROM leads")).toHaveLength(0);

    const allowed = { ...body, utm: { ...Object.fromEntries(utmKeys.map((k) => [k, longest(200)])), utm_unknown: "dropped" } };
    expect(new TextEncoder().encode(JSON.stringify(allowed)).byteLength).toBeLessThanOrEqual(PUBLIC_BODY_MAX_BYTES);
    expect((await request("POST", "/api/contact", allowed)).status).toBe(201);
    const [submission] = await rows<{ utm: string }>("SELECT utm FROM form_submissions");
    expect(Object.keys(JSON.parse(submission.utm)).sort()).toEqual([...utmKeys].sort());

    const owner = await signInAs("Owner");
    const doc = await exportAll(owner);
    const parsed = exportDocument.safeParse(doc);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  });

  it("refuses any public body over the limit with 413, on forms, sign-in and preview codes alike", async () => {
    const big = { password: "x".repeat(PUBLIC_BODY_MAX_BYTES) };
    for (const path of [
      "/api/contact",
      "/api/auth/login",
      "/api/auth/team",
      "/api/previews/vm-fitness/verify",
      "/api/previews/vm-fitness/comments",
    ])
      expect((await request("POST", path, big)).status, path).toBe(413);
  });
});
