/** Add New Client (services comma-separated) and Edit Client (service checkboxes, e-mail and phone lists). */
import { useState, type KeyboardEvent } from "react";
import { useWatch } from "react-hook-form";
import * as z from "zod";
import { X } from "lucide-react";
import { clientFields, clientPatch, clientServiceOptions, clientTypes, type Client } from "@contract/client";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { Field, Input } from "@/components/ui/field";
import { TextareaField, TextField } from "@/components/ui/form-fields";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { useCreateClient, useUpdateClient } from "@/features/clients/api/clients";

// The add form's shape (one e-mail, one phone, services as text) built from the contract's fields; create maps it to clientInput.
const addSchema = z.object({
  name: clientFields.name,
  website: clientFields.website,
  email: z.union([z.string().trim().email("Please enter a valid email address"), z.literal("")]),
  phone: z.string().trim().max(50),
  services: z.string().max(1000),
  notes: clientFields.notes,
});
const emptyAdd = { name: "", website: "", email: "", phone: "", services: "", notes: "" };

export function AddClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateClient();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: addSchema,
    defaultValues: emptyAdd,
    fields: ["name", "website", "notes"],
    create: (v) =>
      create.mutateAsync({
        name: v.name,
        website: v.website,
        emails: v.email ? [v.email] : [],
        phones: v.phone ? [v.phone] : [],
        services: [
          ...new Set(
            v.services
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ],
        notes: v.notes,
        active: true,
      }),
    toasts: { created: "Client added successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Client"
      description="Services are separated by commas."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Add Client"
      busyLabel="Adding..."
    >
      <TextField control={control} name="name" label="Name" required autoComplete="off" />
      <TextField control={control} name="website" label="Website" type="url" placeholder="https://" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
        <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="off" />
      </div>
      <TextField control={control} name="services" label="Services" hint="e.g. Web Design, SEO" />
      <TextareaField control={control} name="notes" label="Notes" />
    </FormDialog>
  );
}

/** A list of strings added with the Add button or Enter; blanks and duplicates are refused with a message. */
function ListEditor({
  label,
  items,
  onChange,
  type,
  validate,
}: {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  type: "email" | "tel";
  validate?: (value: string) => string | null;
}) {
  const [draft, setDraft] = useState("");
  const [error, setErrorText] = useState<string | null>(null);
  const add = () => {
    const value = draft.trim();
    if (!value) return setErrorText(`${label} cannot be blank`);
    if (items.some((i) => i.toLowerCase() === value.toLowerCase())) return setErrorText(`That ${label.toLowerCase()} is already listed`);
    const problem = validate?.(value);
    if (problem) return setErrorText(problem);
    onChange([...items, value]);
    setDraft("");
    setErrorText(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };
  return (
    <Field label={`${label}s`} error={error ?? undefined}>
      {(p) => (
        <div className="space-y-2">
          {items.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {items.map((item) => (
                <li key={item} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm">
                  {item}
                  <button
                    type="button"
                    className="rounded-full p-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brick-600"
                    aria-label={`Remove ${item}`}
                    onClick={() => onChange(items.filter((i) => i !== item))}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <Input
              {...p}
              type={type}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKey}
              placeholder={`Add ${label.toLowerCase()}`}
            />
            <Button variant="secondary" onClick={add} aria-label={`Add ${label.toLowerCase()}`}>
              Add
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}

const emailCheck = z.string().email();
const clientEdit = clientPatch.omit({ updated_at: true });

export function EditClientDialog({ client, open, onOpenChange }: { client: Client; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateClient();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: clientEdit,
    defaultValues: {
      name: client.name,
      website: client.website ?? "",
      emails: client.emails,
      phones: client.phones,
      services: client.services,
      notes: client.notes ?? "",
      active: client.active,
      client_type: client.client_type,
      outside_uk: client.outside_uk,
    },
    fields: ["name", "website", "emails", "phones", "services", "notes", "active", "client_type", "outside_uk"],
    copy: client,
    update: (patch) => update.mutateAsync({ id: client.id, patch }),
    toasts: { updated: "Client updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { register, control, setValue } = form;
  // The lists and checkboxes are not plain inputs: they read and write the form's values.
  const [emails = [], phones = [], services = []] = useWatch({ control, name: ["emails", "phones", "services"] });
  const setList = (name: "emails" | "phones" | "services") => (items: string[]) => setValue(name, items, { shouldDirty: true });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Client"
      description={`Update ${client.name}'s details.`}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Save Changes"
    >
      <TextField control={control} name="name" label="Name" required />
      <TextField control={control} name="website" label="Website" type="url" />
      <ListEditor
        label="Email"
        items={emails}
        onChange={setList("emails")}
        type="email"
        validate={(v) => (emailCheck.safeParse(v).success ? null : "Please enter a valid email address")}
      />
      <ListEditor label="Phone" items={phones} onChange={setList("phones")} type="tel" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Services</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {clientServiceOptions.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brick-600"
                checked={services.includes(s)}
                onChange={(e) => setList("services")(e.target.checked ? [...services, s] : services.filter((x) => x !== s))}
              />
              {s}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Client Type</legend>
        <p className="text-xs text-slate-500">A business can be charged for paying late; a consumer cannot.</p>
        <div className="mt-2 flex gap-4">
          {clientTypes.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input type="radio" value={t} className="size-4 accent-brick-600" {...register("client_type")} />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brick-600" {...register("outside_uk")} aria-describedby="outside-uk-hint" />
        <span>
          Outside the UK
          <span id="outside-uk-hint" className="block text-xs text-slate-500">
            New invoices carry no UK VAT, with the note from Settings.
          </span>
        </span>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brick-600" {...register("active")} />
        Active
      </label>
      <TextareaField control={control} name="notes" label="Notes" />
    </FormDialog>
  );
}
