/** Add New Client (services comma-separated) and Edit Client (service checkboxes, e-mail and phone lists). */
import { useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { X } from "lucide-react";
import { clientFields, clientServiceOptions, type Client } from "../../../../../contract/client";
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/textarea";
import { applyFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useCreateClient, useUpdateClient } from "../api/clients";

const addSchema = z.object({
  name: clientFields.name,
  website: z.union([z.string().trim().url("Please enter a valid website URL"), z.literal("")]),
  email: z.union([z.string().trim().email("Please enter a valid email address"), z.literal("")]),
  phone: z.string().trim().max(50),
  services: z.string().max(1000),
  notes: z.string().max(10_000),
});
type AddValues = z.infer<typeof addSchema>;
const emptyAdd: AddValues = { name: "", website: "", email: "", phone: "", services: "", notes: "" };

export function AddClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateClient();
  const { register, handleSubmit, reset, setError, formState } = useForm<AddValues>({ resolver: zodResolver(addSchema), defaultValues: emptyAdd });
  const errors = formState.errors;
  const onSubmit = handleSubmit((v) => {
    const services = [...new Set(v.services.split(",").map((s) => s.trim()).filter(Boolean))];
    create.mutate(
      {
        name: v.name,
        website: v.website || null,
        emails: v.email ? [v.email] : [],
        phones: v.phone ? [v.phone] : [],
        services,
        notes: v.notes || null,
        active: true,
      },
      {
        onSuccess: () => {
          toast.success("Client added successfully");
          reset(emptyAdd);
          onOpenChange(false);
        },
        onError: (e) => applyFieldErrors(e, setError, ["name", "website", "notes"]),
      },
    );
  });
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add New Client" description="Services are separated by commas.">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="Name" error={errors.name?.message} required>
            {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
          </Field>
          <Field label="Website" error={errors.website?.message}>
            {(p) => <Input {...p} {...register("website")} type="url" placeholder="https://" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Email" error={errors.email?.message}>
              {(p) => <Input {...p} {...register("email")} type="email" autoComplete="off" />}
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              {(p) => <Input {...p} {...register("phone")} type="tel" autoComplete="off" />}
            </Field>
          </div>
          <Field label="Services" hint="e.g. Web Design, SEO" error={errors.services?.message}>
            {(p) => <Input {...p} {...register("services")} />}
          </Field>
          <Field label="Notes" error={errors.notes?.message}>
            {(p) => <Textarea {...p} {...register("notes")} />}
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Adding..." : "Add Client"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
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
            <Input {...p} type={type} value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} placeholder={`Add ${label.toLowerCase()}`} />
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

export function EditClientDialog({ client, open, onOpenChange }: { client: Client; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateClient();
  const [name, setName] = useState(client.name);
  const [website, setWebsite] = useState(client.website ?? "");
  const [emails, setEmails] = useState(client.emails);
  const [phones, setPhones] = useState(client.phones);
  const [services, setServices] = useState(client.services);
  const [notes, setNotes] = useState(client.notes ?? "");
  const [active, setActive] = useState(client.active);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = () => {
    if (!name.trim()) return setErrors({ name: "Name is required" });
    update.mutate(
      {
        id: client.id,
        patch: { name: name.trim(), website: website.trim() || null, emails, phones, services, notes: notes.trim() || null, active, updated_at: client.updated_at },
      },
      {
        onSuccess: () => {
          toast.success("Client updated successfully");
          onOpenChange(false);
        },
        onError: (e) => {
          const fields = (e as { fields?: Record<string, string> }).fields;
          if (fields) setErrors(fields);
        },
      },
    );
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Client" description={`Update ${client.name}'s details.`}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Field label="Name" error={errors.name} required>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Website" error={errors.website}>
            {(p) => <Input {...p} type="url" value={website} onChange={(e) => setWebsite(e.target.value)} />}
          </Field>
          <ListEditor label="Email" items={emails} onChange={setEmails} type="email" validate={(v) => (emailCheck.safeParse(v).success ? null : "Please enter a valid email address")} />
          <ListEditor label="Phone" items={phones} onChange={setPhones} type="tel" />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Services</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {clientServiceOptions.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brick-600"
                    checked={services.includes(s)}
                    onChange={(e) => setServices(e.target.checked ? [...services, s] : services.filter((x) => x !== s))}
                  />
                  {s}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brick-600" checked={active} onChange={(e) => setActive(e.target.checked)} />
            Active
          </label>
          <Field label="Notes" error={errors.notes}>
            {(p) => <Textarea {...p} value={notes} onChange={(e) => setNotes(e.target.value)} />}
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
