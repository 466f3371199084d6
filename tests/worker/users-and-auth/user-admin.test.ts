import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";

let owner: Staff;
const setDisabled = (id: string, disabled: boolean, who = owner) => who.api.crm.users[":id"].$patch({ param: { id }, json: { disabled } });
/** Any CRM read: whether this session still gets in. */
const leadsAs = (who: Staff) => who.api.crm.leads.$get({ query: {} });

beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

describe("disabling accounts", () => {
  it("stops a disabled user's session at once, and re-enabling lets them back in", async () => {
    const sales = await signInAs("Sales", "Marcus Reid");
    await expectJson(leadsAs(sales), 200);
    const { user } = await expectJson(setDisabled(sales.id, true), 200);
    expect(user).toMatchObject({ id: sales.id, full_name: "Marcus Reid", role: "Sales", disabled: true });
    expect(user).not.toHaveProperty("password_hash");
    expect((await leadsAs(sales)).status).toBe(401);
    const { users } = await expectJson(owner.api.crm.users.$get(), 200);
    expect(users.find((u) => u.id === sales.id)!.disabled).toBe(true);
    await expectJson(setDisabled(sales.id, false), 200);
    expect((await rows<{ disabled: number }>("SELECT disabled FROM users WHERE id = ?", sales.id))[0].disabled).toBe(0);
  });

  it("refuses to let an Owner disable their own account", async () => {
    const refused = await errorOf(setDisabled(owner.id, true), 422);
    expect(refused.fields?.disabled).toBe("You cannot disable your own account");
    await expectJson(leadsAs(owner), 200);
  });

  it("validates the body and answers 404 for an unknown user", async () => {
    expect((await setDisabled("nope", true)).status).toBe(404);
    const sales = await signInAs("Sales");
    expect((await setDisabled(sales.id, unchecked("yes"))).status).toBe(422);
    expect(
      (await owner.api.crm.users[":id"].$patch({ param: { id: sales.id }, json: unchecked({ disabled: true, role: "Owner" }) })).status,
    ).toBe(422);
  });

  it("is the Owner's: Sales gets 403 and nothing changes", async () => {
    const sales = await signInAs("Sales");
    const other = await signInAs("Sales", "Priya Shah");
    const refused = await errorOf(setDisabled(other.id, true, sales), 403);
    expect(refused.code).toBe("forbidden");
    expect((await setDisabled(owner.id, true, sales)).status).toBe(403);
    expect((await rows<{ n: number }>("SELECT count(*) AS n FROM users WHERE disabled = 1"))[0].n).toBe(0);
  });
});

describe("pending invitations", () => {
  it("lists the open ones with who sent them, not the accepted or expired ones, and never the token", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    const insert = env.DB.prepare(
      "INSERT INTO invites (id, email, role, token_hash, invited_by, expires_at, accepted_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    await env.DB.batch([
      insert.bind("i1", "new@studio.test", "Sales", "h1", owner.id, soon, null, "2026-01-01T00:00:00.000Z"),
      insert.bind("i2", "old@studio.test", "Sales", "h2", owner.id, past, null, "2026-01-02T00:00:00.000Z"),
      insert.bind("i3", "done@studio.test", "Owner", "h3", owner.id, soon, "2026-01-03T00:00:00.000Z", "2026-01-03T00:00:00.000Z"),
      insert.bind("i4", "partner@studio.test", "Owner", "h4", null, soon, null, "2026-01-04T00:00:00.000Z"),
    ]);
    const { invites } = await expectJson(owner.api.crm.users.invites.$get(), 200);
    expect(invites).toEqual([
      {
        id: "i1",
        email: "new@studio.test",
        role: "Sales",
        invited_by: owner.id,
        invited_by_name: "Hannah Whitaker",
        expires_at: soon,
        created_at: "2026-01-01T00:00:00.000Z",
      },
      expect.objectContaining({ id: "i4", invited_by: null, invited_by_name: null }),
    ]);
    expect(JSON.stringify(invites)).not.toContain("h1");
  });

  it("is the Owner's: Sales gets 403", async () => {
    const sales = await signInAs("Sales");
    expect((await sales.api.crm.users.invites.$get()).status).toBe(403);
    // The team list itself stays readable by everyone (names for stamps and assignees).
    await expectJson(sales.api.crm.users.$get(), 200);
  });
});
