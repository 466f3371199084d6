/**
 * The accepted proposals' instalments (docs/decisions/0063): each accepted proposal for a client
 * has its schedule fixed against the client's project, and its deposit raised as the demo studio
 * (VAT-registered) raises it: a payment request, PR-1001 on. A proposal whose notes say the
 * deposit was paid has the request Paid and the VAT invoice raised for it (INV-1001 on). The rest
 * wait for the client's launch approval.
 */
import { scheduleAmounts } from "../../contract/payment-schedule-values";
import { storedPaymentSchedule } from "../../contract/payment-schedule";
import { stamps, type SeedContext } from "./context";

export function seedInstalments(ctx: SeedContext): void {
  const { rand, clock, rows } = ctx;
  let requests = 1000;
  let invoices = 1000;
  // Each client's first project: looked up once, as the bench seeds thousands of proposals.
  const projectOf = new Map<string, (typeof rows.projects)[number]>();
  for (const p of rows.projects) if (p.client_id && !projectOf.has(p.client_id)) projectOf.set(p.client_id, p);
  for (const proposal of rows.proposals) {
    if (proposal.status !== "Accepted" || !proposal.client_id || proposal.value == null) continue;
    const project = projectOf.get(proposal.client_id);
    proposal.project_id = project?.id ?? null;
    const accepted = proposal.sent_date ?? clock.date(-7);
    const at = `${accepted}T10:00:00.000Z`;
    const schedule = storedPaymentSchedule.parse(proposal.payment_schedule);
    scheduleAmounts(schedule, proposal.value).instalments.forEach((i, position) => {
      const raise = i.due === "on_acceptance" && i.amount !== null && i.amount > 0;
      const requestId = raise ? rand.uuid() : null;
      if (raise && requestId) {
        const paid = /deposit paid/i.test(proposal.notes ?? "");
        const lines = [{ description: `${i.label}: ${proposal.title}`, quantity: 1, unit_price: i.amount! }];
        const paidDate = clock.date(-2);
        rows.invoices.push({
          id: requestId,
          number: `PR-${++requests}`,
          kind: "payment_request",
          client_id: proposal.client_id!,
          project_id: proposal.project_id,
          lines,
          total: i.amount!,
          date: accepted,
          due_date: accepted,
          status: paid ? "Paid" : "Sent",
          paid_date: paid ? paidDate : null,
          paid_method: paid ? "Bank transfer" : null,
          email_status: "sent",
          ...stamps(ctx, at),
        });
        // The money the paid request records; its VAT invoice is the same money again (decision 0063).
        if (paid)
          rows.payments.push({
            id: `${requestId}-payment`,
            invoice_id: requestId,
            amount: i.amount!,
            date: paidDate,
            method: "Bank transfer",
            reference: `PR-${requests}`,
            state: "succeeded",
            recorded_by: "Mark as paid",
            ...stamps(ctx, `${paidDate}T10:00:00.000Z`),
          });
        if (paid)
          rows.invoices.push({
            id: rand.uuid(),
            number: `INV-${++invoices}`,
            kind: "invoice",
            settles_id: requestId,
            client_id: proposal.client_id!,
            project_id: proposal.project_id,
            lines,
            total: i.amount!,
            date: paidDate,
            due_date: paidDate,
            status: "Paid",
            paid_date: paidDate,
            paid_method: "Bank transfer",
            email_status: "sent",
            ...stamps(ctx, `${paidDate}T10:00:00.000Z`),
          });
      }
      rows.instalments.push({
        id: rand.uuid(),
        proposal_id: proposal.id!,
        position,
        label: i.label,
        amount: i.amount ?? 0,
        due: i.due,
        due_date: i.due_date,
        project_id: proposal.project_id,
        invoice_id: requestId,
        raised_at: requestId ? at : null,
        ...stamps(ctx, at),
      });
    });
  }
}
