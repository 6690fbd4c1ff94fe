/**
 * A compile-time check that a response schema's output and the interface the web app reads
 * are the same type: `const _: SameType<z.output<typeof s>, Iface> = true;` stops compiling
 * when either side gains, loses or changes a field.
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
