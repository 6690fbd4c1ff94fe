import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';

const packagePatterns = (from, forbidden) =>
  forbidden.map((f) => ({
    group: [`@vitae/${f}`, `@vitae/${f}/*`, `**/${f}/src/**`],
    message: `${from} must not import ${f} (see design.md, section 2).`,
  }));

const boundary = (from, forbidden, files = [`${from}/**/*.{ts,tsx}`], more = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...packagePatterns(from, forbidden), ...more] },
    ],
  },
});

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
);
