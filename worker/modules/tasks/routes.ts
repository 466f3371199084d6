/** /api/crm/tasks */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { taskInput, taskPatch } from "../../../contract/task";
import { jsonBody } from "../../platform/validate";
import { createTask, deleteTask, listTasks, openTaskCount, updateTask } from "./tasks";
import { publish } from "../live";

export const tasksRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ tasks: await listTasks(c.get("db")) }, 200))
  .get("/open-count", async (c) => c.json({ open: await openTaskCount(c.get("db")) }, 200))
  .post("/", jsonBody(taskInput), async (c) => {
    const task = await createTask(c.get("db"), c.req.valid("json"));
    publish(c, { entity: "tasks", op: "create", id: task.id });
    return c.json({ task }, 201);
  })
  .patch("/:id", jsonBody(taskPatch), async (c) => {
    const task = await updateTask(c.get("db"), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "tasks", op: "update", id: task.id });
    return c.json({ task }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteTask(c.get("db"), c.req.param("id"));
    publish(c, { entity: "tasks", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
