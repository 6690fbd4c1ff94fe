/**
 * Where this process is in its life, as a load balancer needs to know it: serving, or
 * draining after SIGTERM (readyz then answers 503 so no new traffic is sent here).
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** From now on readyz answers 503 `draining`; there is no way back. */
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
