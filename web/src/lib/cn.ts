/** Joins class names, dropping the falsy ones (a tiny clsx, to keep the home chunk lean). */
export const cn = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");
