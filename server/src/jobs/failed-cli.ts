// npm run jobs:failed [-- --limit 50] [-- --retry mail:12] [-- --prefix vitae]: the dead-letter
// list (jobs every attempt of which failed), newest first, or one of them put back in line.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { DEFAULT_FAILED_KEPT, DEFAULT_JOBS_PREFIX, redisJobs } from './bullmq-jobs.ts';

/** Every queue the app defines (mail: jobs/mail-job.ts, video: media/video-job.ts). */
const QUEUES = ['mail', 'video'];

async function main() {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string', default: '50' },
      retry: { type: 'string' },
      prefix: { type: 'string', default: DEFAULT_JOBS_PREFIX },
    },
  });
  const config = loadConfig();
  if (!config.redisUrl) {
    console.log(
      'No REDIS_URL: jobs run in process, a failed one is logged by its caller, and there is no dead-letter list.',
    );
    return;
  }
  const jobs = await redisJobs({ url: config.redisUrl, prefix: values.prefix });
  // The queues to read: this process runs none of their jobs (a job keeps its own label).
  for (const name of QUEUES) {
    jobs.define({
      name,
      attempts: 1,
      backoffMs: 0,
      concurrency: 1,
      run: () => Promise.reject(new Error('jobs:failed runs no job')),
      label: () => '',
    });
  }
  try {
    if (values.retry) {
      const ok = await jobs.retryFailed(values.retry);
      console.log(ok ? `${values.retry} is back in line.` : `No failed job ${values.retry}.`);
      if (!ok) process.exitCode = 1;
      return;
    }
    const limit = Math.max(1, Number(values.limit) || 50);
    const failed = await jobs.failed(limit);
    if (failed.length === 0) {
      console.log('No failed jobs.');
      return;
    }
    for (const f of failed) {
      console.log(
        `${f.failedAt ?? '-'}  ${f.id}  ${f.label}  · ${f.attempts} attempts · ${f.reason}`,
      );
    }
    console.log(
      `${failed.length} failed job(s) shown; each queue keeps its newest ${DEFAULT_FAILED_KEPT}. Retry one with: npm run jobs:failed -- --retry <id>`,
    );
  } finally {
    await jobs.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `jobs:failed failed: ${(err as Error).message}`,
  );
  process.exit(1);
});
