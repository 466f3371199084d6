/** /crm/invoices : what is owed at a glance, the invoices filtered by status (?status=), New Invoice and Export for Xero. */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Download, Plus } from "lucide-react";
import { invoiceStatuses, type InvoiceStatus } from "@contract/invoice-values";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { InvoicesList } from "@/features/invoices/components/invoices-list";
import { useSessionUser } from "@/features/auth/api/session";
import { lazyDialog, lazyMounted } from "@/components/ui/lazy-dialog";
import { CrmPage } from "./components/crm-page";
import { useSetSearchParam } from "./components/url-filter-box";

const InvoiceDialog = lazyDialog(() => import("@/features/invoices/components/invoice-dialog").then((m) => m.InvoiceDialog));
const InvoiceFromProposal = lazyMounted(() =>
  import("@/features/invoices/components/invoice-from-proposal").then((m) => m.InvoiceFromProposal),
);
const XeroExportDialog = lazyMounted(() => import("@/features/invoices/components/xero-export-dialog").then((m) => m.XeroExportDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Invoices – CRM", description: "Invoices in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const isOwner = useSessionUser().role === "Owner";
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  // ?from_proposal=<id>: Create invoice from proposal, on a proposal's card.
  const fromProposal = params.get("from_proposal");
  const raw = params.get("status") ?? "";
  const status = (invoiceStatuses as readonly string[]).includes(raw) ? (raw as InvoiceStatus) : undefined;
  return (
    <CrmPage
      title="Invoices"
      description="Invoices and what is owed."
      actions={
        <>
          <Button variant="secondary" onClick={() => setExporting(true)}>
            <Download className="size-4" aria-hidden="true" />
            Export for Xero
          </Button>
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New Invoice
          </Button>
        </>
      }
    >
      <div className="mb-4 sm:w-56">
        <NativeSelect aria-label="Filter by status" value={status ?? ""} onChange={(e) => setParam("status", e.target.value)}>
          <option value="">All Statuses</option>
          <NativeOptions values={invoiceStatuses} />
        </NativeSelect>
      </div>
      <InvoicesList status={status} isOwner={isOwner} />
      {adding && <InvoiceDialog open onOpenChange={setAdding} />}
      {fromProposal && <InvoiceFromProposal proposalId={fromProposal} onClose={() => setParam("from_proposal", "")} />}
      {exporting && <XeroExportDialog onClose={() => setExporting(false)} />}
    </CrmPage>
  );
}
