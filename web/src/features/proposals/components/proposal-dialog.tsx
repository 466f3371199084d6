/** Add Proposal / Edit Proposal. Choosing a lead clears the client and vice versa. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { proposalStatuses, type Proposal, type ProposalStatus } from "../../../../../contract/proposal";
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/select-native";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { proposalClientOptions, proposalLeadOptions, useCreateProposal, useUpdateProposal } from "../api/proposals";

export function ProposalDialog({ proposal, open, onOpenChange }: { proposal?: Proposal; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateProposal();
  const update = useUpdateProposal();
  const leads = useQuery({ ...proposalLeadOptions(), enabled: open });
  const clients = useQuery({ ...proposalClientOptions(), enabled: open });
  const [v, setV] = useState({
    title: proposal?.title ?? "",
    value: proposal?.value != null ? String(proposal.value) : "",
    status: proposal?.status ?? "Draft",
    sent_date: proposal?.sent_date ?? "",
    due_date: proposal?.due_date ?? "",
    lead_id: proposal?.lead_id ?? "",
    client_id: proposal?.client_id ?? "",
    notes: proposal?.notes ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const busy = create.isPending || update.isPending;

  const submit = () => {
    const next: Record<string, string> = {};
    if (!v.title.trim()) next.title = "Title is required";
    const value = v.value.trim() === "" ? null : Number(v.value);
    if (value !== null && (!Number.isFinite(value) || value < 0)) next.value = "Enter a number";
    setErrors(next);
    if (Object.keys(next).length) return;
    const body = {
      title: v.title.trim(),
      value,
      status: v.status as ProposalStatus,
      sent_date: v.sent_date || null,
      due_date: v.due_date || null,
      lead_id: v.lead_id || null,
      client_id: v.client_id || null,
      notes: v.notes.trim() || null,
    };
    const onError = (e: unknown) => {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
    };
    const done = (message: string) => () => {
      toast.success(message);
      onOpenChange(false);
    };
    if (proposal) update.mutate({ id: proposal.id, patch: { ...body, updated_at: proposal.updated_at } }, { onSuccess: done("Proposal updated successfully"), onError });
    else create.mutate(body, { onSuccess: done("Proposal added successfully"), onError });
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={proposal ? "Edit Proposal" : "Add Proposal"} description="A proposal goes to a lead or to a client.">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Title" error={errors.title} required>
            {(p) => <Input {...p} value={v.title} onChange={set("title")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Lead" error={errors.lead_id}>
              {(p) => (
                <NativeSelect {...p} value={v.lead_id} onChange={(e) => setV((o) => ({ ...o, lead_id: e.target.value, client_id: e.target.value ? "" : o.client_id }))}>
                  <option value="">No lead</option>
                  {leads.data?.leads.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                  {proposal?.lead && !leads.data?.leads.some((l) => l.id === proposal.lead?.id) && <option value={proposal.lead.id}>{proposal.lead.name}</option>}
                </NativeSelect>
              )}
            </Field>
            <Field label="Client" error={errors.client_id}>
              {(p) => (
                <NativeSelect {...p} value={v.client_id} onChange={(e) => setV((o) => ({ ...o, client_id: e.target.value, lead_id: e.target.value ? "" : o.lead_id }))}>
                  <option value="">No client</option>
                  {clients.data?.clients.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  {proposal?.client && !clients.data?.clients.some((c) => c.id === proposal.client?.id) && (
                    <option value={proposal.client.id}>{proposal.client.name}</option>
                  )}
                </NativeSelect>
              )}
            </Field>
            <Field label="Value (£)" error={errors.value}>
              {(p) => <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" value={v.value} onChange={set("value")} />}
            </Field>
            <Field label="Status" error={errors.status}>
              {(p) => (
                <NativeSelect {...p} value={v.status} onChange={set("status")}>
                  {proposalStatuses.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Sent Date" error={errors.sent_date}>
              {(p) => <Input {...p} type="date" value={v.sent_date} onChange={set("sent_date")} />}
            </Field>
            <Field label="Due Date" error={errors.due_date}>
              {(p) => <Input {...p} type="date" value={v.due_date} onChange={set("due_date")} />}
            </Field>
          </div>
          <Field label="Notes" error={errors.notes}>
            {(p) => <Textarea {...p} value={v.notes} onChange={set("notes")} />}
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : proposal ? "Save Changes" : "Add Proposal"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
