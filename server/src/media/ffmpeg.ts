import { spawn } from 'node:child_process';

/** Paths are read per call so a deployment (or a test) can point elsewhere. */
export const ffmpegPath = (): string => process.env.FFMPEG_PATH ?? 'ffmpeg';
export const ffprobePath = (): string => process.env.FFPROBE_PATH ?? 'ffprobe';

export interface RunResult {
  /** null when the program could not be started (missing) or was killed. */
  code: number | null;
  missing: boolean;
  stdout: string;
  stderr: string;
}

/** Runs a program with a time limit, keeping the last 64 KiB of each output. */
export function run(cmd: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const keep = (s: string, chunk: Buffer) => (s + chunk.toString()).slice(-65_536);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => (stdout = keep(stdout, c)));
    child.stderr.on('data', (c: Buffer) => (stderr = keep(stderr, c)));
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, missing: err.code === 'ENOENT', stdout, stderr: String(err) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, missing: false, stdout, stderr });
    });
  });
}

export interface Probe {
  durationS: number | null;
  hasVideo: boolean;
  videoCodec?: string;
  audioCodec?: string;
}

/** ffprobe's view of a file; null when ffprobe is not installed, 'unreadable' when it fails. */
export async function probe(file: string): Promise<Probe | null | 'unreadable'> {
  const res = await run(
    ffprobePath(),
    [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,duration',
      '-of',
      'json',
      file,
    ],
    30_000,
  );
  if (res.missing) return null;
  if (res.code !== 0) return 'unreadable';
  try {
    const json = JSON.parse(res.stdout) as {
      format?: { duration?: string };
      streams?: Array<{ codec_type?: string; codec_name?: string; duration?: string }>;
    };
    const streams = json.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video');
    const audio = streams.find((s) => s.codec_type === 'audio');
    const durations = [json.format?.duration, ...streams.map((s) => s.duration)]
      .map(Number)
      .filter((d) => Number.isFinite(d) && d > 0);
    return {
      durationS: durations.length ? Math.max(...durations) : null,
      hasVideo: Boolean(video),
      videoCodec: video?.codec_name,
      audioCodec: audio?.codec_name,
    };
  } catch {
    return 'unreadable';
  }
}

/**
 * H.264 CRF 28 ultrafast + AAC 64k MP4 with the index up front (design, API departure 3).
 * `maxSeconds` bounds the work for files whose container does not state a duration.
 */
export async function convertToMp4(
  input: string,
  output: string,
  maxSeconds: number,
): Promise<RunResult> {
  return run(
    ffmpegPath(),
    [
      '-y',
      '-v',
      'error',
      '-i',
      input,
      '-t',
      String(maxSeconds),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      // libx264 needs even dimensions.
      '-vf',
      'scale=trunc(iw/2)*2:trunc(ih/2)*2',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-movflags',
      '+faststart',
      output,
    ],
    5 * 60_000,
  );
}

/** The first frame as a JPEG no wider than 640 px. */
export async function posterFrame(input: string, output: string): Promise<boolean> {
  const res = await run(
    ffmpegPath(),
    [
      '-y',
      '-v',
      'error',
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      output,
    ],
    60_000,
  );
  return res.code === 0;
}
