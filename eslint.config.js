import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs, { readdirSync } from 'node:fs';
import globals from 'globals';

const workspacePatterns = (from, forbidden) =>
  forbidden.map((f) => ({
    group: [`@vitae/${f}`, `@vitae/${f}/*`, `**/${f}/src/**`],
    message: `${from} must not import ${f} (see docs/architecture.md, "Layout").`,
  }));

const boundary = (from, forbidden, files = [`${from}/**/*.{ts,tsx}`], more = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...workspacePatterns(from, forbidden), ...more] },
    ],
  },
});

/**
 * Server zones. Every folder of server/src is a feature with one front door, its index.ts;
 * plugins/ and db/ are the shared layer beneath, and so are the files at the top (config.ts,
 * deps.ts…), app.ts apart: it composes the features. A feature (or app.ts, or test/) may import
 * another feature only through its index.ts; the shared layer imports no feature at all.
 */
const SERVER_SRC = 'server/src';
const SHARED_LAYERS = ['plugins', 'db'];
const serverFolders = readdirSync(new URL(SERVER_SRC, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** test/ holds what tests share; it is no feature, yet reaches features by their front doors. */
// Folder names are plain words and hyphens: nothing in them needs escaping in a regex.
const features = serverFolders.filter((name) => ![...SHARED_LAYERS, 'test'].includes(name));
const frontDoorOnly = (from) =>
  features
    .filter((feature) => feature !== from)
    .map((feature) => ({
      regex: `^\\.{1,2}/(\\.\\./)*${feature}/(?!index\\.ts$)`,
      message: `Import ${feature} through ${feature}/index.ts, its front door (eslint.config.js, server zones).`,
    }));
const noFeature = (from) => [
  {
    regex: `^\\.{1,2}/(\\.\\./)*(${features.join('|')})/`,
    message: `${from} is a shared layer beneath the features and imports none of them (eslint.config.js, server zones).`,
  },
];
const serverZone = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...workspacePatterns('server', ['web']), ...patterns] },
    ],
  },
});
const serverZones = [
  ...[...features, 'test'].map((f) => serverZone([`${SERVER_SRC}/${f}/**/*.ts`], frontDoorOnly(f))),
  ...SHARED_LAYERS.map((l) => serverZone([`${SERVER_SRC}/${l}/**/*.ts`], noFeature(`${l}/`))),
  serverZone([`${SERVER_SRC}/*.ts`], noFeature('A top-level file')),
  // The composition: app.ts builds the app, main.ts starts it, upgrade.ts brings a database up.
  serverZone(
    [`${SERVER_SRC}/app.ts`, `${SERVER_SRC}/main.ts`, `${SERVER_SRC}/upgrade.ts`],
    frontDoorOnly('app.ts'),
  ),
  // A test of the shared layer may set up its data through a feature, by its front door.
  serverZone(
    [`${SERVER_SRC}/*.test.ts`, ...SHARED_LAYERS.map((l) => `${SERVER_SRC}/${l}/**/*.test.ts`)],
    frontDoorOnly('a test'),
  ),
];

/*
 * Each web feature has one front door: other features import its index.ts (components,
 * lazily loaded screens) or its api.ts (data hooks), never a file behind them. Files one or
 * two folders deep reach a feature as ../f/… or ../../f/…; the same rule holds for both.
 * web/src/architecture.test.ts keeps the features free of folder cycles as well.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const frontDoors = (feature) =>
  WEB_FEATURES.filter((f) => f !== feature).map((f) => ({
    group: ['../', '../../', '../../../'].flatMap((up) => [
      `${up}${f}/*`,
      `${up}${f}/**`,
      `!${up}${f}/index.ts`,
      `!${up}${f}/api.ts`,
    ]),
    message: `web/src/features/${feature} may import features/${f} only through its index.ts or api.ts.`,
  }));

const webFeatureZone = (feature) =>
  boundary('web', ['server'], [`web/src/features/${feature}/**/*.{ts,tsx}`], frontDoors(feature));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  boundary('core', ['server', 'web']),
  boundary('server', ['web']),
  boundary('web', ['server']),
  ...WEB_FEATURES.map(webFeatureZone),
  ...serverZones,
  {
    // A shipped migration runs against the schema of its own day: SQL, kysely, Node and its
    // frozen helpers only, never a repo or feature module of today (issue 28).
    files: ['server/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely$|node:|\\./)',
              message:
                'A migration is frozen: import only kysely, node: modules and ./ files of the migrations folder.',
            },
          ],
        },
      ],
    },
  },
);
