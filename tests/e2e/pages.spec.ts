/** Raw HTTP answers, as a crawler sees them: real statuses, content in the HTML. */
import { expect, test } from "./fixtures";

test("the home page answers 200 with HTML", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/html");
});

test("an unknown path answers a real 404 with the not-found page", async ({ request }) => {
  const res = await request.get("/nope");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Page Not Found");
});

test("an unknown API path answers a JSON 404 in the error envelope", async ({ request }) => {
  const res = await request.get("/api/nope");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
});
