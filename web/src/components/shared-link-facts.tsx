/**
 * What a proposal's or an invoice's card says about its shared link, apart from the Share dialog
 * (share-link-dialog.tsx): the lists show these on their first render, and the dialog's code
 * (Radix's) loads only when it opens.
 */
import type { SharedLink } from "@contract/shared-link";
import type { RecordFact } from "@/components/ui/record-cards";
import { formatDate, formatDateTime } from "@/lib/format";

export const times = (n: number) => (n === 1 ? "1 time" : `${n} times`);

/** "Not yet", "Once (first …)" or "3 times (first …, last …)": how a card says the client opened the link. */
const viewed = (share: SharedLink) =>
  share.views === 0
    ? "Not yet"
    : `${share.views === 1 ? "Once" : `${share.views} times`} (first ${formatDateTime(share.first_viewed_at!)}${
        share.views > 1 ? `, last ${formatDateTime(share.last_viewed_at!)}` : ""
      })`;

/** A card's facts about its live link: when it was shared, whom it was e-mailed to and how often viewed (none when it has no link). */
export const sharedLinkFacts = (share: SharedLink | null): RecordFact[] =>
  share
    ? [
        { label: "Shared on", value: formatDate(share.shared_at) },
        ...(share.emailed_to && share.emailed_at
          ? [
              {
                label: "E-mailed to",
                value: <span className="wrap-anywhere">{`${share.emailed_to}, ${formatDate(share.emailed_at)}`}</span>,
              },
            ]
          : []),
        { label: "Viewed", value: viewed(share) },
      ]
    : [];
