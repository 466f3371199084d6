/**
 * Export for Xero: a period (last month, to start with), then the file Xero imports, or one file
 * per 500 invoices when there are more. Drafts are left out; the server says how many invoices.
 * The period's credit notes come as files of Xero's credit-note import, offered beside them.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { XERO_COLUMNS, XERO_CREDIT_NOTE_COLUMNS, xeroExportQuery, type XeroExport, type XeroExportQuery } from "@contract/xero";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField } from "@/components/ui/form-fields";
import { api, ok } from "@/lib/api";
import { downloadText, toCsv } from "@/lib/csv";
import { applyFieldErrors } from "@/lib/form-errors";
import { todayInLondon } from "@/lib/format";
import { toast } from "@/lib/toast";

/** The calendar month before today's, in London: the period an accountant most often asks for. */
export function lastMonth(today = todayInLondon()): XeroExportQuery {
  const [y, m] = today.split("-").map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(days).padStart(2, "0")}` };
}

const fileName = (period: XeroExportQuery, part: number, parts: number) =>
  `xero-invoices-${period.from}-to-${period.to}${parts > 1 ? `-part-${part}-of-${parts}` : ""}.csv`;
const creditNoteFileName = (period: XeroExportQuery, part: number, parts: number) =>
  `xero-credit-notes-${period.from}-to-${period.to}${parts > 1 ? `-part-${part}-of-${parts}` : ""}.csv`;
const count = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "invoice" : "invoices"}`;

export function XeroExportDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<XeroExportQuery>({ resolver: zodResolver(xeroExportQuery), defaultValues: lastMonth() });
  const [result, setResult] = useState<{ period: XeroExportQuery; out: XeroExport } | null>(null);
  const load = useMutation({
    mutationFn: (period: XeroExportQuery) => ok(api.crm.invoices.xero.$get({ query: period })),
    meta: { errorTitle: "Failed to export for Xero" },
  });
  const download = (period: XeroExportQuery, out: XeroExport, part: number) =>
    downloadText(fileName(period, part + 1, out.files.length), toCsv(out.files[part], XERO_COLUMNS), "text/csv;charset=utf-8");

  const downloadCredits = (period: XeroExportQuery, out: XeroExport, part: number) =>
    downloadText(
      creditNoteFileName(period, part + 1, out.credit_note_files.length),
      toCsv(out.credit_note_files[part], XERO_CREDIT_NOTE_COLUMNS),
      "text/csv;charset=utf-8",
    );

  const onSubmit = form.handleSubmit(async (period) => {
    setResult(null);
    try {
      const out = await load.mutateAsync(period);
      // One file and no credit notes: downloaded at once; otherwise each file is offered.
      if (out.files.length === 1 && out.credit_notes === 0) {
        download(period, out, 0);
        toast.success(`Exported ${count(out.invoices)} for Xero`);
        onClose();
      } else setResult({ period, out });
    } catch (error) {
      applyFieldErrors(error, form.setError, ["from", "to"]);
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Export for Xero"
      description="Every invoice dated in the period except drafts, as Xero's sales invoice import file."
      onSubmit={onSubmit}
      busy={load.isPending}
      submitLabel="Export"
      busyLabel="Exporting..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField control={form.control} name="from" label="From" required />
        <DateField control={form.control} name="to" label="To" required />
      </div>
      {result && result.out.invoices === 0 && result.out.credit_notes === 0 && (
        <p role="status" className="text-sm text-slate-700">
          No invoices were sent in that period.
        </p>
      )}
      {result && result.out.files.length === 1 && result.out.credit_notes > 0 && (
        <div role="status" className="text-sm text-slate-700">
          <Button variant="secondary" size="sm" onClick={() => download(result.period, result.out, 0)}>
            Download {count(result.out.invoices)}
          </Button>
        </div>
      )}
      {result && result.out.credit_notes > 0 && (
        <div role="status" className="space-y-2 text-sm text-slate-700">
          <p>
            {result.out.credit_notes} {result.out.credit_notes === 1 ? "credit note" : "credit notes"}: import them in Xero under Credit
            Notes, Import.
          </p>
          <ul className="flex flex-wrap gap-2">
            {result.out.credit_note_files.map((_, i) => (
              <li key={i}>
                <Button variant="secondary" size="sm" onClick={() => downloadCredits(result.period, result.out, i)}>
                  Download credit notes
                  {result.out.credit_note_files.length > 1 ? ` ${i + 1} of ${result.out.credit_note_files.length}` : ""}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && result.out.files.length > 1 && (
        <div role="status" className="space-y-2 text-sm text-slate-700">
          <p>
            {count(result.out.invoices)}: Xero takes at most 500 in one import, so they are in {result.out.files.length} files.
          </p>
          <ul className="flex flex-wrap gap-2">
            {result.out.files.map((_, i) => (
              <li key={i}>
                <Button variant="secondary" size="sm" onClick={() => download(result.period, result.out, i)}>
                  Download file {i + 1} of {result.out.files.length}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-slate-500">
        Prices are VAT-inclusive: choose “Tax inclusive” when Xero asks. Xero imports them as drafts, to approve there.
      </p>
    </FormDialog>
  );
}
