import { lazyResolver } from '../../lib/lazy-resolver.ts';
import type { EmailValues, LoginValues, ResetValues, SignupValues } from './form-types.ts';

const schemas = () => import('./schemas.ts');

export const loginResolver = lazyResolver<LoginValues>(() =>
  schemas().then((m) => m.resolvers.login),
);
export const signupResolver = lazyResolver<SignupValues>(() =>
  schemas().then((m) => m.resolvers.signup),
);
export const forgotResolver = lazyResolver<EmailValues>(() =>
  schemas().then((m) => m.resolvers.forgot),
);
export const resendResolver = lazyResolver<EmailValues>(() =>
  schemas().then((m) => m.resolvers.resend),
);
export const resetResolver = lazyResolver<ResetValues>(() =>
  schemas().then((m) => m.resolvers.reset),
);
