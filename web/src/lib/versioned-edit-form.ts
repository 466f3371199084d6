/**
 * The one form behind the CRM's add and edit dialogs: react-hook-form checked by the contract's
 * schema (the same one the route's zValidator uses, so the messages match), a save that sends only
 * what the user changed plus the copy's `updated_at`, and one way to take what comes back.
 *
 * - Adding: the parsed values go to `create`; the form resets for the next opening.
 * - Editing: only changed fields go to `update`, so someone else's edit to another field survives.
 *   Nothing changed: no request, the dialog just closes.
 * - 409, the copy was stale: the query client's one error path refetches every query (so `copy`
 *   becomes the newest one for the next save) while the form keeps what the user typed. Saving
 *   waits (busy) until that newer copy arrives, or a save made at once would be refused again. A
 *   409 that names fields (a duplicate invoice number) is a field error, not a stale copy.
 * - 422 (or a 409 with fields): the envelope's `fields` are shown beside the inputs.
 * - Toasts: success from `toasts`; failures come from the mutation's `meta.errorTitle` unless the
 *   caller turned that off and passes `toasts.failed` / `toasts.conflict` to word them itself.
 */
import { useEffect, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type * as z from "zod";
import { isApiError } from "./api";
import { applyFieldErrors } from "./form-errors";
import { toast } from "./toast";

type Schema = z.ZodType<FieldValues, FieldValues>;

interface VersionedEditFormOptions<S extends Schema, Saved> {
  /** The contract's schema for this form (create's, or one built from the contract's fields). */
  schema: S;
  defaultValues: z.input<S>;
  /** The inputs the form owns: what may go in a patch and where the worker's field errors may land. */
  fields: readonly Path<z.input<S>>[];
  /** The newest copy when editing; absent when adding. */
  copy?: { updated_at: string } | null;
  create?: (values: z.output<S>) => Promise<Saved>;
  update?: (patch: Partial<z.output<S>> & { updated_at: string }) => Promise<Saved>;
  /** Leaves a changed field out of the patch (e.g. a value its status does not show). */
  sendable?: (field: Path<z.input<S>>, values: z.output<S>) => boolean;
  toasts: {
    created?: string;
    updated?: string;
    /** Only for mutations whose meta.errorTitle is false: shown when the failure is not about fields. */
    failed?: string;
    /** Only for mutations whose meta.errorTitle is false: shown for a stale copy. */
    conflict?: { title: string; description?: string };
  };
  /** After a save (with what the worker returned) or an edit that changed nothing (undefined). */
  onDone: (saved?: Saved) => void;
}

export interface VersionedEditForm<S extends Schema> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function useVersionedEditForm<S extends Schema, Saved>(options: VersionedEditFormOptions<S, Saved>): VersionedEditForm<S> {
  const { schema, defaultValues, fields, copy, create, update, sendable, toasts, onDone } = options;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
  });
  // The version a 409 refused: until `copy` moves past it, another save would be refused too.
  const [refused, setRefused] = useState<string | null>(null);
  const awaitingFresh = refused !== null && copy?.updated_at === refused;
  useEffect(() => {
    if (!awaitingFresh) return;
    // If the refetch never lands (offline), let the user try again rather than stay stuck.
    const giveUp = setTimeout(() => setRefused(null), 5_000);
    return () => clearTimeout(giveUp);
  }, [awaitingFresh]);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 409 && !error.fields) {
      setRefused(copy?.updated_at ?? null);
      if (toasts.conflict) toast.error(toasts.conflict.title, { description: toasts.conflict.description });
      return;
    }
    if (!applyFieldErrors(error, form.setError, fields) && toasts.failed)
      toast.error(toasts.failed, { description: isApiError(error) ? error.message : undefined });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (awaitingFresh) return;
    try {
      if (copy) {
        if (!update) throw new Error("useVersionedEditForm: editing needs update");
        const raw = form.getValues();
        const initial = form.formState.defaultValues ?? {};
        const changed = fields.filter((k) => !same(raw[k], (initial as FieldValues)[k]) && (sendable?.(k, values) ?? true));
        if (changed.length === 0) return onDone();
        const patch = { ...Object.fromEntries(changed.map((k) => [k, (values as FieldValues)[k]])), updated_at: copy.updated_at };
        const saved = await update(patch as Partial<z.output<S>> & { updated_at: string });
        if (toasts.updated) toast.success(toasts.updated);
        onDone(saved);
      } else {
        if (!create) throw new Error("useVersionedEditForm: adding needs create");
        const saved = await create(values);
        if (toasts.created) toast.success(toasts.created);
        form.reset(defaultValues as z.input<S>);
        onDone(saved);
      }
    } catch (error) {
      fail(error);
    }
  });

  return { form, onSubmit, busy: form.formState.isSubmitting || awaitingFresh };
}
