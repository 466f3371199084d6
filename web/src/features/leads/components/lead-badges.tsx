/** Status and source badges with one colour per value, and the follow-up that is due. */
import type { Lead } from "@contract/lead";
import { followUpState, type LeadSource, type LeadStatus } from "@contract/lead-statuses";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDate, todayInLondon } from "@/lib/format";

const statusTone: Record<LeadStatus, BadgeTone> = {
  New: "blue",
  Qualified: "indigo",
  "Proposal Sent": "violet",
  Negotiation: "amber",
  Won: "green",
  Lost: "red",
};

const sourceTone: Record<LeadSource, BadgeTone> = {
  Website: "blue",
  Referral: "green",
  "Social Media": "violet",
  "Email Campaign": "amber",
  "Cold Call": "orange",
  Email: "indigo",
  // A call booked on the site: the website's own colour.
  "Call booking": "blue",
  Event: "brick",
  Other: "slate",
};

export const LeadStatusBadge = ({ status }: { status: LeadStatus }) => <Badge tone={statusTone[status]}>{status}</Badge>;
export const LeadSourceBadge = ({ source }: { source: LeadSource | null }) =>
  source ? <Badge tone={sourceTone[source]}>{source}</Badge> : null;

/**
 * A follow-up that is due: "Overdue" (before today, London) or "Today", with its date; nothing
 * when it is later, missing, or the lead is Won or Lost.
 */
export function FollowUpBadge({ lead, withDate = false }: { lead: Pick<Lead, "follow_up_date" | "status">; withDate?: boolean }) {
  const state = followUpState(lead, todayInLondon());
  if (!state) return null;
  const label = state === "overdue" ? "Overdue" : "Today";
  return (
    <Badge tone={state === "overdue" ? "red" : "amber"}>
      {withDate ? `Follow-up ${label.toLowerCase()} · ${formatDate(lead.follow_up_date)}` : label}
    </Badge>
  );
}
