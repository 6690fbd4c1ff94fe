// npm run dev: the API with watch on :5000 and Vite's dev server (with API proxy) on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (API on http://localhost:5000)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
