/**
 * `--lists N`: N generated clients, each with a project, a proposal, an invoice and a task, nearly
 * all of them done, paid or decided, as years of work are. For the bench: its 10,000 leads would
 * have brought a studio about a thousand of each, the CRM reads those lists whole, and the curated
 * demo has a dozen. A random stream of its own, so the demo's records and ids stay as they are.
 */
import { singleLine } from "../../contract/invoice";
import { invoiceStatuses } from "../../contract/invoice-values";
import { projectStages, projectTypes } from "../../contract/project-values";
import { proposalStatuses } from "../../contract/proposal";
import { taskPriorities } from "../../contract/task-values";
import { GENERATED } from "./data/leads";
import { phoneFor, slug, type SeedContext } from "./context";
import { addClient } from "./clients";
import { addInvoice } from "./invoices";
import { addProject } from "./projects";
import { addProposal } from "./proposals";
import { addTask } from "./tasks";
import { Rand } from "./random";

export function seedGeneratedRecords(ctx: SeedContext, count: number): void {
  const { clock, person } = ctx;
  const rand = new Rand(20_261_127);
  const own = { ...ctx, rand };
  // Years of a studio's work: nearly all of it done, paid and decided, a little of it current.
  const current = () => rand.chance(0.06);
  for (let i = 0; i < count; i++) {
    const area = rand.pick(GENERATED.areas);
    const trade = rand.pick(GENERATED.trades);
    const name = `${rand.chance(0.5) ? rand.pick(GENERATED.lastNames) : area} ${trade}`;
    const clientId = rand.uuid();
    const created_at = clock.ago(rand.int(5, 1000), rand);
    addClient(own, {
      id: clientId,
      name,
      website: `https://${slug(name)}-${i}.co.uk`,
      emails: [`hello@${slug(name)}-${i}.co.uk`],
      phones: [phoneFor(rand)],
      services: [rand.pick(projectTypes)],
      notes: null,
      active: rand.chance(0.3),
      preview_id: null,
      created_at,
    });

    const live = current();
    const stage = live ? rand.pick(projectStages.filter((s) => s !== "Done")) : "Done";
    const projectId = rand.uuid();
    const budget = rand.int(8, 120) * 100;
    addProject(own, {
      id: projectId,
      title: `${name} Website`,
      type: rand.pick(projectTypes),
      client_id: clientId,
      budget,
      start_date: clock.date(live ? -rand.int(10, 90) : -rand.int(60, 1000)),
      due_date: clock.date(live ? rand.int(-10, 90) : -rand.int(10, 950)),
      stage,
      status: live ? rand.pick(["On Track", "On Track", "At Risk", "Blocked"] as const) : "Completed",
      notes: null,
      lead_id: null,
      created_at,
    });

    const status = current()
      ? rand.pick(proposalStatuses.filter((s) => s === "Draft" || s === "Sent"))
      : rand.pick(["Accepted", "Accepted", "Rejected"] as const);
    const sentDays = status === "Draft" ? null : status === "Sent" ? rand.int(1, 20) : rand.int(30, 1000);
    addProposal(own, {
      id: rand.uuid(),
      title: `Proposal for ${name}`,
      value: budget,
      lines: [singleLine(budget, `Website for ${name}`)],
      status,
      sentDays,
      lead_id: null,
      client_id: clientId,
      notes: null,
      created_at,
    });

    const invoiceStatus = current() ? rand.pick(invoiceStatuses.filter((s) => s !== "Paid")) : "Paid";
    const dateDays = invoiceStatus === "Paid" ? rand.int(30, 1000) : rand.int(1, 40);
    addInvoice(own, {
      id: rand.uuid(),
      number: `GEN-${String(i + 1).padStart(5, "0")}`,
      client_id: clientId,
      project_id: projectId,
      lines: [{ description: `Website for ${name}`, quantity: 1, unit_price: budget }],
      status: invoiceStatus,
      dateDays,
      created_at,
    });

    const open = current();
    addTask(own, {
      id: rand.uuid(),
      title: `Check in with ${name}`,
      assignee_username: person(),
      priority: rand.pick(taskPriorities),
      due_date: clock.date(open ? rand.int(-14, 30) : -rand.int(1, 1000)),
      completed: !open,
      notes: null,
      related_id: clientId,
      related_type: "client",
      created_at,
    });
  }
}
