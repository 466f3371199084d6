/**
 * Cancel project (the Owner's): for each document the project raised, what the studio's Terms keep
 * of it (all of it, none, or an amount); the rest is credited by a numbered credit note against it,
 * and nothing more is raised for the project (docs/decisions/0068-credit-notes.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { cancelProjectInput, creditFor, type CancelProjectInput, type CancellableDocument } from "@contract/credit-note";
import type { Project } from "@contract/project";
import { FormDialog } from "@/components/ui/form-dialog";
import { inputClass } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cancellableDocumentsQuery, useCancelProject } from "@/features/projects/api/projects";

const kindWord = (d: CancellableDocument) => (d.kind === "payment_request" ? "Payment request" : "Invoice");

export function CancelProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const query = useQuery(cancellableDocumentsQuery(project.id));
  const documents = query.data?.documents ?? [];
  return (
    <CancelForm
      key={query.data ? "loaded" : "loading"}
      project={project}
      documents={documents}
      loading={query.isPending}
      onClose={onClose}
    />
  );
}

function CancelForm({
  project,
  documents,
  loading,
  onClose,
}: {
  project: Project;
  documents: CancellableDocument[];
  loading: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelProject();
  const { register, control, handleSubmit, setError, formState } = useForm<CancelProjectInput>({
    resolver: zodResolver(cancelProjectInput),
    defaultValues: { documents: documents.map((d) => ({ invoice_id: d.id, keep: "all", amount: null })), updated_at: project.updated_at },
  });
  const choices = useWatch({ control, name: "documents" }) ?? [];
  const onSubmit = handleSubmit((input) =>
    cancel.mutate(
      // The newest copy of the project: after a 409 the query client refetched it, so trying again works.
      { id: project.id, input: { ...input, updated_at: project.updated_at } },
      {
        onSuccess: ({ credit_notes, emailed }) => {
          const numbers = credit_notes.map((c) => c.number).join(", ");
          const word = credit_notes.length === 1 ? "note" : "notes";
          const failed = emailed.find((d) => d.error !== null);
          if (credit_notes.length === 0) toast.success(`${project.title} cancelled`, { description: "Nothing was credited" });
          else if (failed)
            toast.info(`${project.title} cancelled`, {
              description: `Credit ${word} ${numbers} raised, but not e-mailed to the client: ${failed.error}`,
            });
          else
            toast.success(`${project.title} cancelled`, {
              description: `Credit ${word} ${numbers} raised and e-mailed to ${emailed.map((d) => d.emailed_to).join(", ")}`,
            });
          onClose();
        },
        onError: (e) => {
          const fields = documents.flatMap((_, i) => [`documents.${i}.amount`, `documents.${i}.keep`] as const);
          if (applyFieldErrors(e, setError, fields)) return;
          // The worker's words (a stale copy, already cancelled); the query client has refetched on a 409.
          toast.error("Failed to cancel the project", { description: isApiError(e) ? e.message : undefined });
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Cancel project"
      description={`Nothing more is raised for ${project.title}. Say what your Terms keep of each document; the rest is credited with a credit note.`}
      onSubmit={onSubmit}
      busy={cancel.isPending || loading}
      submitLabel="Cancel Project"
      busyLabel="Cancelling..."
    >
      {loading ? (
        <Skeleton className="h-24" />
      ) : documents.length === 0 ? (
        <p className="text-sm text-slate-600">The project has raised nothing, so nothing is credited.</p>
      ) : (
        <ul className="space-y-3">
          {documents.map((d, i) => {
            const choice = choices[i];
            const error = formState.errors.documents?.[i]?.amount?.message;
            const credit = choice
              ? creditFor(Math.max(d.total - d.credited, 0), { keep: choice.keep, amount: Number(choice.amount) || 0 })
              : 0;
            return (
              <li key={d.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <fieldset>
                  <legend className="font-medium">
                    {kindWord(d)} {d.number}: {formatMoney(d.total)}
                  </legend>
                  <p className="text-slate-600">
                    Paid {formatMoney(d.paid)}
                    {d.credited > 0 && ` · credited ${formatMoney(d.credited)}`} · still owed {formatMoney(d.balance)}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                    <label className="flex items-center gap-1.5">
                      <input type="radio" value="all" className="accent-brick-600" {...register(`documents.${i}.keep`)} />
                      Keep all of it
                    </label>
                    <label className="flex items-center gap-1.5">
                      <input type="radio" value="none" className="accent-brick-600" {...register(`documents.${i}.keep`)} />
                      Credit all of it
                    </label>
                    <label className="flex items-center gap-1.5">
                      <input type="radio" value="amount" className="accent-brick-600" {...register(`documents.${i}.keep`)} />
                      Keep
                    </label>
                    <input
                      type="number"
                      min={0}
                      step="0.01"
                      inputMode="decimal"
                      aria-label={`Amount kept of ${d.number}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `keep-${d.id}-error` : undefined}
                      disabled={choice?.keep !== "amount"}
                      className={cn(inputClass, "h-9 w-32")}
                      {...register(`documents.${i}.amount`, { setValueAs: (v: string) => (v === "" || v == null ? null : Number(v)) })}
                    />
                  </div>
                  {error && (
                    <p id={`keep-${d.id}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                  <p className="mt-1 text-slate-700" data-testid="credit-preview">
                    {credit > 0 ? `Credit note for ${formatMoney(credit)}` : "No credit note"}
                  </p>
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
    </FormDialog>
  );
}
