/**
 * Client feedback on previews (docs/decisions/0009-preview-feedback.md): what a client may do behind the unlock cookie, what it
 * stores, who is told (Activity Feed, e-mail, live hub), and what the studio does with it.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { apiWithEnv, errorOf, expectJson, requestWithEnv, rows, signInAs, type Staff, unchecked, waitForMail } from "../support/helpers";
import type { ApprovalInput, CommentInput } from "../../../contract/preview-feedback";
import type { PreviewLinkInput } from "../../../contract/preview";
import type { ProjectInput } from "../../../contract/project";
import type { ServerMessage } from "../../../contract/live";

const CARD = "vm-fitness";
const URL_ONE = "https://staging.vmfitness.example/";
const URL_TWO = "https://staging.vmfitness.example/v2/";

let staff: Staff;
let clientId = "";
let cookie = "";

/** Where this test's notifications go: the local mailbox keeps every test's mail. */
let inbox = "";

type FromClient = { cookie?: string; ip?: string; env?: Partial<typeof env> };

/** The previews API from the client's browser: same origin, its own address, the unlock cookie if given. */
const previewsApi = (opts: FromClient = {}) =>
  apiWithEnv({ STUDIO_INBOX: inbox, ...opts.env }, { cookie: opts.cookie, ip: opts.ip ?? "198.51.100.7" }).previews[":clientId"];

/** A raw request from the client's browser, for the sweep over paths. */
function asClient(method: string, path: string, body?: unknown, opts: FromClient = {}) {
  return requestWithEnv({ STUDIO_INBOX: inbox, ...opts.env }, method, path, body, opts.cookie, opts.ip ?? "198.51.100.7");
}

/** Links `card` to a new client with a URL, issues a code and unlocks it: the client's cookie. */
async function unlockedClient(name: string, card: PreviewLinkInput["preview_id"], previewUrl: string | null = URL_ONE) {
  const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name } }), 201);
  await expectJson(staff.api.crm.clients[":id"].preview.$put({ param: { id: client.id }, json: { preview_id: card, previewUrl } }), 200);
  const { code } = await expectJson(staff.api.crm.clients[":id"].preview.code.$post({ param: { id: client.id } }), 201);
  const res = await previewsApi().verify.$post({ param: { clientId: card }, json: { password: code } });
  expect(res.status).toBe(200);
  return { id: client.id, cookie: res.headers.get("Set-Cookie")!.split(";")[0] };
}

const feedback = (c: string | undefined = cookie, card = CARD) => previewsApi({ cookie: c }).feedback.$get({ param: { clientId: card } });
const comment = (body: CommentInput, opts: FromClient = { cookie }) =>
  previewsApi(opts).comments.$post({ param: { clientId: CARD }, json: body });
const approve = (body: ApprovalInput, c: string | undefined = cookie) =>
  previewsApi({ cookie: c }).approvals.$post({ param: { clientId: CARD }, json: body });
const currentRelease = async () => (await expectJson(feedback(), 200)).release!;
const project = async (stage: ProjectInput["stage"], title = "VM Fitness Website") =>
  (await expectJson(staff.api.crm.projects.$post({ json: { title, client_id: clientId, stage } }), 201)).project;
const crmFeedback = (who = staff) => expectJson(who.api.crm.clients[":id"].feedback.$get({ param: { id: clientId } }), 200);

const valid = { body: "Can the logo be bigger on the home page?", page: "/", author_name: "Vicky Marsh" };

/** Opens a CRM tab's live socket and collects the change events it receives. */
async function liveTab(who: Staff) {
  const res = await exports.default.fetch("http://localhost/api/crm/live", {
    headers: { Upgrade: "websocket", Origin: "http://localhost", Cookie: who.cookie },
  });
  const ws = res.webSocket!;
  const events: ServerMessage[] = [];
  ws.addEventListener("message", (e) => events.push(JSON.parse(e.data as string)));
  ws.accept();
  const changes = () => events.flatMap((m) => (m.kind === "change" ? [m.event] : []));
  return {
    changes,
    async until(n: number) {
      const end = Date.now() + 3000;
      while (changes().length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} live events, got ${JSON.stringify(changes())}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 50));
      return changes();
    },
  };
}

beforeEach(async () => {
  inbox = `studio-${crypto.randomUUID()}@redbrickstudio.co.uk`;
  staff = await signInAs("Sales", "Marcus Reid");
  ({ id: clientId, cookie } = await unlockedClient("VM Fitness", CARD));
});

describe("who may leave feedback", () => {
  it("refuses every feedback call without the unlock cookie or with another card's cookie (401), and an unknown id (404)", async () => {
    const other = await unlockedClient("Jemrex", "jemrex");
    const foreign = other.cookie.replace("rb_preview_jemrex", `rb_preview_${CARD}`);
    for (const c of ["", foreign, other.cookie]) {
      expect((await feedback(c)).status).toBe(401);
      expect((await comment(valid, { cookie: c })).status).toBe(401);
      expect((await approve({ release_id: "x", approver_name: "Vicky Marsh", confirm: true }, c)).status).toBe(401);
    }
    expect((await feedback(cookie, "no-such-client")).status).toBe(404);
    // A 401 is checked before the body: nothing about the input is revealed or stored.
    const error = await errorOf(comment(unchecked({}), {}), 401);
    expect(error.code).toBe("unauthenticated");
    expect(await rows("SELECT id FROM preview_comments")).toHaveLength(0);
  });

  it("stops at once when the code is rotated or the preview revoked, as viewing does", async () => {
    expect((await comment(valid)).status).toBe(201);
    await expectJson(staff.api.crm.clients[":id"].preview.code.$post({ param: { id: clientId } }), 201);
    expect((await comment(valid)).status).toBe(401);
    expect((await feedback()).status).toBe(401);
  });
});

describe("a client's comment", () => {
  it("is stored on the version on screen, written to the Activity Feed, e-mailed to the studio and broadcast", async () => {
    const tab = await liveTab(staff);
    const { comment: made } = await expectJson(comment(valid), 201);
    expect(made).toMatchObject({ author_name: "Vicky Marsh", body: valid.body, page: "/", status: "Open", replies: [] });
    expect(made.release).toMatchObject({ preview_url: URL_ONE });

    const { comments } = await expectJson(feedback(), 200);
    expect(comments).toEqual([made]);
    const [activity] = await rows<{ summary: string; related_type: string; related_id: string; who_username: string | null }>(
      "SELECT summary, related_type, related_id, who_username, who_name FROM activities",
    );
    // Credited to the name the client typed, not to a member of staff (nor "Unknown user").
    expect(activity).toEqual({
      summary: `Vicky Marsh left feedback on the preview of VM Fitness: "${valid.body}"`,
      related_type: "client",
      related_id: clientId,
      who_username: null,
      who_name: "Vicky Marsh",
    });
    const { activities: feed } = await expectJson(staff.api.crm.activities.$get({ query: {} }), 200);
    expect(feed[0].who_name).toBe("Vicky Marsh");
    const [mail] = await waitForMail(inbox);
    expect(mail.headers.subject).toBe("Preview feedback from Vicky Marsh (VM Fitness)");
    expect(mail.text).toContain(valid.body);
    expect(mail.text).toContain(`/crm/clients/${clientId}`);
    const [stored] = await rows("SELECT email_status, email_attempts FROM preview_comments");
    expect(stored).toEqual({ email_status: "sent", email_attempts: 1 });
    expect(await tab.until(1)).toEqual([{ entity: "preview_feedback", op: "create", id: clientId, by: null }]);
  });

  it("is kept when the e-mail fails, listed for the studio as failed, and can be resent", async () => {
    const res = await comment(valid, { cookie, env: { MAIL_FROM: "not an address" } });
    expect(res.status).toBe(201);
    const [failed] = (await crmFeedback()).comments;
    expect(failed).toMatchObject({ body: valid.body, email_status: "failed" });
    expect(failed.email_error).toBeTruthy();

    const inbox = `inbox-${crypto.randomUUID()}@redbrickstudio.co.uk`;
    const again = await apiWithEnv({ STUDIO_INBOX: inbox }, { cookie: staff.cookie }).crm["preview-comments"][":id"]["retry-email"].$post({
      param: { id: failed.id },
    });
    expect(again.status).toBe(200);
    const [mail] = await waitForMail(inbox);
    expect(mail.text).toContain(valid.body);
    expect((await crmFeedback()).comments[0]).toMatchObject({ email_status: "sent", email_error: null });
  });

  it("answers a resend that fails again with 502 and keeps it marked for the next one", async () => {
    await comment(valid, { cookie, env: { MAIL_FROM: "not an address" } });
    const [failed] = (await crmFeedback()).comments;
    const res = await apiWithEnv({ MAIL_FROM: "still not" }, { cookie: staff.cookie }).crm["preview-comments"][":id"]["retry-email"].$post({
      param: { id: failed.id },
    });
    expect((await errorOf(res, 502)).code).toBe("upstream_failed");
    expect(await rows("SELECT email_status, email_attempts FROM preview_comments")).toEqual([
      { email_status: "failed", email_attempts: 2 },
    ]);
  });

  it("refuses empty, over-long or malformed input with 422 per field and stores nothing", async () => {
    const fields = async (body: CommentInput) => (await errorOf(comment(body), 422)).fields;
    expect(await fields({ ...valid, body: " x " })).toEqual({ body: "Your comment must be at least 2 characters" });
    expect(await fields({ ...valid, body: "a".repeat(2001) })).toEqual({ body: "Your comment must be at most 2,000 characters" });
    expect(await fields({ ...valid, author_name: "  " })).toEqual({ author_name: "Please enter your name" });
    expect(await fields({ ...valid, page: "/".repeat(201) })).toEqual({ page: "The page must be at most 200 characters" });
    expect(await fields(unchecked({ ...valid, extra: true }))).toHaveProperty("_");
    expect(await fields(unchecked({ body: 42, author_name: ["x"] }))).toMatchObject({
      body: expect.any(String),
      author_name: expect.any(String),
    });
    expect(await rows("SELECT id FROM preview_comments")).toHaveLength(0);
    expect(await rows("SELECT id FROM activities")).toHaveLength(0);
  });

  it("stores markup as the text it is, and the e-mail carries it as plain text", async () => {
    const hostile = { ...valid, body: `<img src=x onerror="alert(1)"> & </script><b>bold</b>` };
    await expectJson(comment(hostile), 201);
    const [stored] = (await expectJson(feedback(), 200)).comments;
    expect(stored.body).toBe(hostile.body);
    const [mail] = await waitForMail(inbox);
    expect(mail.headers["content-type"]).toMatch(/^text\/plain/);
    expect(mail.text).toContain(hostile.body);
  });

  it("names the version it was made on; a new URL publishes a new version and older comments keep theirs", async () => {
    await expectJson(comment(valid), 201);
    const first = await currentRelease();
    await expectJson(
      staff.api.crm.clients[":id"].preview.$put({ param: { id: clientId }, json: { preview_id: CARD, previewUrl: URL_TWO } }),
      200,
    );
    const second = await currentRelease();
    expect(second.id).not.toBe(first.id);
    expect(second.preview_url).toBe(URL_TWO);
    expect(Date.parse(second.published_at)).toBeGreaterThan(Date.parse(first.published_at));
    // Saving the same URL again (an expiry change, say) is not a new version.
    await expectJson(
      staff.api.crm.clients[":id"].preview.$put({ param: { id: clientId }, json: { preview_id: CARD, previewUrl: URL_TWO } }),
      200,
    );
    expect((await currentRelease()).id).toBe(second.id);
    // The CRM names the version on screen, so it can mark comments made on older ones.
    expect((await crmFeedback()).release).toMatchObject({ id: second.id, preview_url: URL_TWO });
    await expectJson(comment({ ...valid, body: "Much better now" }), 201);
    const { comments } = await expectJson(feedback(), 200);
    expect(comments.map((c) => [c.body, c.release.id])).toEqual([
      ["Much better now", second.id],
      [valid.body, first.id],
    ]);
  });
});

describe("approving a version", () => {
  const approval = (release_id: string, approver_name = "Vicky Marsh"): ApprovalInput => ({ release_id, approver_name, confirm: true });

  it("moves the client's project in Review to Launch in the same batch, stamped by the client, and tells everyone", async () => {
    await project("Build", "VM Fitness Branding");
    const older = await project("Review", "VM Fitness Shop");
    const review = await project("Review");
    const tab = await liveTab(staff);
    const release = await currentRelease();

    const { approval: made } = await expectJson(approve(approval(release.id)), 201);
    expect(made.approver_name).toBe("Vicky Marsh");
    const moved = await rows("SELECT id, stage, stage_changed_by FROM projects ORDER BY title");
    expect(moved).toEqual([
      { id: expect.any(String), stage: "Build", stage_changed_by: null },
      { id: older.id, stage: "Review", stage_changed_by: null },
      { id: review.id, stage: "Launch", stage_changed_by: "Client: Vicky Marsh" },
    ]);
    const [stored] = await rows("SELECT release_id, approver_name, project_id, ip_hash FROM preview_approvals");
    expect(stored).toMatchObject({ release_id: release.id, approver_name: "Vicky Marsh", project_id: review.id });
    // The address is kept only as the access log's keyed hash.
    expect(stored.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(stored)).not.toContain("198.51.100.7");
    const [activity] = await rows<{ summary: string; who_name: string }>(
      "SELECT summary, who_name FROM activities WHERE type = 'StatusChange'",
    );
    expect(activity.summary).toBe('Vicky Marsh approved the preview of VM Fitness; "VM Fitness Website" moved from Review to Launch');
    expect(activity.who_name).toBe("Vicky Marsh");
    const [mail] = await waitForMail(inbox);
    expect(mail.headers.subject).toBe("VM Fitness approved their preview");
    expect(mail.text).toContain('The project "VM Fitness Website" has moved from Review to Launch.');
    expect(await tab.until(1)).toEqual([{ entity: "preview_approvals", op: "create", id: clientId, by: null }]);

    const { approval: shown } = await expectJson(feedback(), 200);
    expect(shown).toMatchObject({ approver_name: "Vicky Marsh", release: { id: release.id } });
    expect((await crmFeedback()).approvals).toEqual([
      expect.objectContaining({
        approver_name: "Vicky Marsh",
        project_id: review.id,
        project_title: "VM Fitness Website",
        email_status: "sent",
      }),
    ]);
  });

  it("is idempotent: a second approval of the same version answers the first and changes nothing", async () => {
    await project("Review");
    const release = await currentRelease();
    const first = await expectJson(approve(approval(release.id)), 201);
    const before = await rows("SELECT * FROM projects");
    const again = await expectJson(approve(approval(release.id, "Someone Else")), 200);
    expect(again.approval).toMatchObject({ id: first.approval.id, approver_name: "Vicky Marsh" });
    expect(await rows("SELECT * FROM projects")).toEqual(before);
    expect(await rows("SELECT id FROM preview_approvals")).toHaveLength(1);
    expect(await rows("SELECT id FROM activities")).toHaveLength(1);
  });

  it("refuses a stale version with 409 and moves nothing", async () => {
    const review = await project("Review");
    const stale = await currentRelease();
    await expectJson(
      staff.api.crm.clients[":id"].preview.$put({ param: { id: clientId }, json: { preview_id: CARD, previewUrl: URL_TWO } }),
      200,
    );
    const refused = await errorOf(approve(approval(stale.id)), 409);
    expect(refused.message).toBe("A newer version has been published. Please review it before approving.");
    expect(await rows("SELECT stage FROM projects WHERE id = ?", review.id)).toEqual([{ stage: "Review" }]);
    expect(await rows("SELECT id FROM preview_approvals")).toHaveLength(0);
    expect(await rows("SELECT id FROM activities")).toHaveLength(0);
    // The new version can be approved.
    expect((await approve(approval((await currentRelease()).id))).status).toBe(201);
  });

  it("with no project in Review records the approval only, and says so", async () => {
    const built = await project("Build");
    const release = await currentRelease();
    await expectJson(approve(approval(release.id)), 201);
    expect(await rows("SELECT stage, stage_changed_by FROM projects WHERE id = ?", built.id)).toEqual([
      { stage: "Build", stage_changed_by: null },
    ]);
    expect(await rows("SELECT project_id FROM preview_approvals")).toEqual([{ project_id: null }]);
    const [activity] = await rows<{ summary: string }>("SELECT summary FROM activities");
    expect(activity.summary).toBe("Vicky Marsh approved the preview of VM Fitness; no project was in Review, so nothing moved");
    const [mail] = await waitForMail(inbox);
    expect(mail.text).toContain("No project of theirs was in Review, so nothing has moved on the Projects board.");
  });

  it("asks for the typed name and the tick (422 per field), and for a version when there is none", async () => {
    const release = await currentRelease();
    const refused = await errorOf(approve({ release_id: release.id, approver_name: " ", confirm: unchecked(false) }), 422);
    expect(refused.fields).toEqual({
      approver_name: "Please type your full name",
      confirm: "Please tick the box to approve this version",
    });
    const none = await unlockedClient("Galvin Locksmiths", "galvin-locksmiths", null);
    const empty = await expectJson(feedback(none.cookie, "galvin-locksmiths"), 200);
    expect(empty.release).toBeNull();
    expect(await rows("SELECT id FROM preview_approvals")).toHaveLength(0);
  });

  it("keeps the approval when its e-mail fails, and the studio can resend it", async () => {
    await project("Review");
    const release = await currentRelease();
    const res = await previewsApi({ cookie, env: { MAIL_FROM: "nope" } }).approvals.$post({
      param: { clientId: CARD },
      json: approval(release.id),
    });
    expect(res.status).toBe(201);
    const [failed] = (await crmFeedback()).approvals;
    expect(failed).toMatchObject({ email_status: "failed" });
    expect(await rows("SELECT stage FROM projects")).toEqual([{ stage: "Launch" }]);
    const ok = await apiWithEnv({}, { cookie: staff.cookie }).crm["preview-approvals"][":id"]["retry-email"].$post({
      param: { id: failed.id },
    });
    expect(ok.status).toBe(200);
    expect((await crmFeedback()).approvals[0].email_status).toBe("sent");
  });
});

describe("migration 0009", () => {
  it("credits the comments and approvals written before it to the names their clients typed", async () => {
    await expectJson(comment(valid), 201);
    await env.DB.prepare("UPDATE activities SET who_name = NULL").run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0009_"))!;
    // Its first statement adds the column, which this database already has.
    for (const query of migration.queries.slice(1)) await env.DB.prepare(query).run();
    expect(await rows("SELECT who_name FROM activities")).toEqual([{ who_name: "Vicky Marsh" }]);
  });
});

describe("the studio's side", () => {
  it("replies (signed with the member of staff's name), and the client sees the reply", async () => {
    const { comment: made } = await expectJson(comment(valid), 201);
    const tab = await liveTab(staff);
    const { reply } = await expectJson(
      staff.api.crm["preview-comments"][":id"].replies.$post({ param: { id: made.id }, json: { body: "Yes, we'll make it 20% larger." } }),
      201,
    );
    expect(reply.author_name).toBe("Marcus Reid");
    const [seen] = (await expectJson(feedback(), 200)).comments;
    expect(seen.replies).toEqual([expect.objectContaining({ author_name: "Marcus Reid", body: "Yes, we'll make it 20% larger." })]);
    expect(await tab.until(1)).toEqual([{ entity: "preview_feedback", op: "update", id: clientId, by: staff.id }]);
    expect((await staff.api.crm["preview-comments"][":id"].replies.$post({ param: { id: made.id }, json: { body: " " } })).status).toBe(
      422,
    );
    expect((await staff.api.crm["preview-comments"][":id"].replies.$post({ param: { id: "nope" }, json: { body: "Hi" } })).status).toBe(
      404,
    );
  });

  it("resolves and reopens from the copy it saw (a stale copy is 409), and the badge counts open comments", async () => {
    await expectJson(comment(valid), 201);
    await expectJson(comment({ ...valid, body: "And the footer colour" }), 201);
    const count = async () => (await expectJson(staff.api.crm["preview-comments"]["open-count"].$get(), 200)).open;
    // The Clients list marks the client by its open comments; the others show none.
    const listed = async () =>
      (await expectJson(staff.api.crm.clients.$get(), 200)).clients.map((c) => [c.id === clientId, c.open_comments]);
    expect(await count()).toBe(2);
    expect(await listed()).toContainEqual([true, 2]);
    expect((await listed()).filter(([mine]) => !mine).every(([, n]) => n === 0)).toBe(true);
    const [target] = (await crmFeedback()).comments;
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const { comment: resolved } = await expectJson(
      owner.api.crm["preview-comments"][":id"].$patch({
        param: { id: target.id },
        json: { status: "Resolved", updated_at: target.updated_at },
      }),
      200,
    );
    expect(resolved.status).toBe("Resolved");
    expect(await count()).toBe(1);
    expect(await listed()).toContainEqual([true, 1]);
    const stale = await errorOf(
      staff.api.crm["preview-comments"][":id"].$patch({
        param: { id: target.id },
        json: { status: "Open", updated_at: target.updated_at },
      }),
      409,
    );
    expect(stale.code).toBe("conflict");
    expect((await expectJson(feedback(), 200)).comments.find((c) => c.id === target.id)?.status).toBe("Resolved");
    await expectJson(
      staff.api.crm["preview-comments"][":id"].$patch({
        param: { id: target.id },
        json: { status: "Open", updated_at: resolved.updated_at },
      }),
      200,
    );
    expect(await count()).toBe(2);
  });

  it("needs a session for every feedback endpoint", async () => {
    const { comment: made } = await expectJson(comment(valid), 201);
    const anonymous = [
      ["GET", `/api/crm/clients/${clientId}/feedback`],
      ["GET", "/api/crm/preview-comments/open-count"],
      ["POST", `/api/crm/preview-comments/${made.id}/replies`],
      ["PATCH", `/api/crm/preview-comments/${made.id}`],
      ["POST", `/api/crm/preview-comments/${made.id}/retry-email`],
      ["POST", "/api/crm/preview-approvals/x/retry-email"],
    ];
    for (const [method, path] of anonymous)
      expect((await asClient(method, path, method === "GET" ? undefined : {}, { cookie })).status, path).toBe(401);
    expect((await staff.api.crm.clients[":id"].feedback.$get({ param: { id: "nope" } })).status).toBe(404);
  });

  it("a deleted client takes its feedback with it", async () => {
    await expectJson(comment(valid), 201);
    await expectJson(approve({ release_id: (await currentRelease()).id, approver_name: "Vicky Marsh", confirm: true }), 201);
    await expectJson(staff.api.crm.clients[":id"].$delete({ param: { id: clientId } }), 200);
    for (const table of ["preview_releases", "preview_comments", "preview_approvals"])
      expect(await rows(`SELECT id FROM ${table}`)).toHaveLength(0);
  });
});
