/**
 * react-hook-form validation with the contract's zod schema, loaded on first use instead of
 * with the page. The enquiry pages are read far more often than sent, and zod with its resolver
 * is the biggest part of their JavaScript: the page now paints and settles without it, the first
 * focus inside the form starts the download, and the first submit waits for it only if it is
 * still on its way. Same schema, same messages as the worker (ARCHITECTURE habit 2), which is also
 * why a failed download costs nothing but a round trip.
 */
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>) {
  let loaded: Promise<Resolver<T>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
      (error: unknown) => {
        loaded = undefined; // a failed download is tried again on the next submit
        throw error;
      },
    ));
  // If zod cannot be downloaded, the values go to the server as they are: it validates with the
  // same schema and its 422 puts the same messages beside the fields.
  const resolver: Resolver<T> = async (values, context, options) => {
    const validate = await load().catch(() => null);
    return validate ? validate(values, context, options) : { values, errors: {} };
  };
  return { resolver, prefetch: () => void load().catch(() => undefined) };
}
