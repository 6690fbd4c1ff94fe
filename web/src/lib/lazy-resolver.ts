import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation module loads on demand. Public pages use it
 * to keep zod (about 38 KiB gzip with core's text rules) out of their page load: the form
 * calls `preload()` when it first takes focus, so the schemas are there before the first
 * submit (a submit before that waits for them).
 */
export function lazyResolver<TValues extends FieldValues, TOut = TValues>(
  load: () => Promise<Resolver<TValues, unknown, TOut>>,
): { resolver: Resolver<TValues, unknown, TOut>; preload: () => void } {
  let loading: Promise<Resolver<TValues, unknown, TOut>> | undefined;
  const get = () => (loading ??= load());
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      void get().catch(() => {
        loading = undefined;
      });
    },
  };
}
