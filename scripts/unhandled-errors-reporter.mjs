// A vitest reporter that keeps the run's unhandled errors in a file (path in UNHANDLED_ERRORS_FILE),
// so `npm test` can name them in its last lines: CI shows only the tail of the log.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((e) => ({
      message: String(e?.message ?? e).slice(0, 300),
      where: e?.VITEST_TEST_PATH ?? null,
      test: e?.VITEST_TEST_NAME ?? null,
      stack: String(e?.stack ?? '')
        .split('\n')
        .slice(1, 6)
        .map((l) => l.trim())
        .join(' | '),
    }));
    fs.writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
