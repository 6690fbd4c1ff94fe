/** Operations: health and readiness for a load balancer, draining and graceful shutdown. */
export { healthRoutes } from './health.routes.ts';
export { createLifecycle, type Lifecycle } from './lifecycle.ts';
export { CHECK_TIMEOUT_MS } from './readiness.ts';
export { shutdownOnSignals } from './shutdown.ts';
