/**
 * The local OpenID Connect provider the e2e server signs in with (playwright.config.ts starts
 * it beside the app): `oidc-provider` on 127.0.0.1:OIDC_PORT with a login page asking for an
 * email and a name, whose people come back with a verified address.
 */
import { startOidcProvider } from '../server/src/test/oidc-provider-kit.ts';

const port = Number(process.env.OIDC_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!port || !redirectUri) throw new Error('OIDC_PORT and OIDC_REDIRECT_URI are needed');
const kit = await startOidcProvider({ port, redirectUris: [redirectUri] });
process.stdout.write(`local OpenID Connect provider at ${kit.issuer}\n`);
const stop = () => void kit.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
