import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 5123);
export const BASE_URL = `http://localhost:${PORT}`;
/** The local OpenID Connect provider the app offers as "Local SSO" (e2e/oidc.spec.ts). */
export const OIDC_PORT = PORT + 1000;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
const OIDC_CLIENT = { id: 'vitae', secret: 'vitae-test-client-secret' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-e2e-'));

export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROME_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node --import tsx e2e/oidc-provider-server.ts`,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_REDIRECT_URI: `${BASE_URL}/auth/oidc/local/callback`,
      },
    },
    {
      command: `node --import tsx server/src/main.ts`,
      url: `${BASE_URL}/auth/user/fetch-user`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // Every test user signs up from 127.0.0.1; keep the limits real but roomy.
        RATE_LIMIT_MULTIPLIER: '50',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'local',
            name: 'Local SSO',
            issuer: OIDC_ISSUER,
            clientId: OIDC_CLIENT.id,
            clientSecret: OIDC_CLIENT.secret,
          },
        ]),
      },
    },
  ],
});
