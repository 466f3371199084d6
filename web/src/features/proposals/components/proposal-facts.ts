/** A proposal card's badge tone and facts, shared by the list and its View dialog. */
import type { Proposal, ProposalStatus } from "@contract/proposal";
import type { BadgeTone } from "@/components/ui/badge";
import type { RecordFact } from "@/components/ui/record-cards";
import { sharedLinkFacts } from "@/components/shared-link-facts";
import { formatDate, formatMoney } from "@/lib/format";
import { instalmentText } from "@contract/instalment";

export const tone: Record<ProposalStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Accepted: "green", Rejected: "red" };

/** The client's answer on their page: who, when, and why when they declined. */
const answered = (p: Proposal): RecordFact[] =>
  p.response
    ? [
        {
          label: p.response.kind === "accepted" ? "Accepted by" : "Declined by",
          value: `${p.response.full_name}, ${formatDate(p.response.created_at)}`,
        },
        ...(p.response.reason ? [{ label: "Reason", value: p.response.reason }] : []),
      ]
    : [];

export const facts = (p: Proposal): RecordFact[] => [
  { label: "Value", value: formatMoney(p.value), strong: true },
  { label: "Sent Date", value: formatDate(p.sent_date) },
  { label: "Due Date", value: formatDate(p.due_date) },
  { label: "Created", value: formatDate(p.created_at) },
  ...sharedLinkFacts(p.share),
  ...answered(p),
  ...(p.questions > 0 ? [{ label: "Questions", value: String(p.questions) }] : []),
  // Once accepted, the schedule as raised: each instalment waiting, requested, invoiced or paid.
  ...p.instalments.map((i) => ({ label: i.label, value: instalmentText(i) })),
];
