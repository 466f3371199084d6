/** Status and source badges with one colour per value. */
import type { LeadSource, LeadStatus } from "@contract/lead";
import { Badge, type BadgeTone } from "@/components/ui/badge";

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
  Event: "brick",
  Other: "slate",
};

export const LeadStatusBadge = ({ status }: { status: LeadStatus }) => <Badge tone={statusTone[status]}>{status}</Badge>;
export const LeadSourceBadge = ({ source }: { source: LeadSource | null }) =>
  source ? <Badge tone={sourceTone[source]}>{source}</Badge> : null;
