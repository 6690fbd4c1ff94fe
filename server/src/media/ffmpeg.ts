import { spawn } from 'node:child_process';
import { VIDEO_INPUT, VIDEO_OUTPUT } from '../plugins/upload-limits.ts';

/** Paths are read per call so a deployment (or a test) can point elsewhere. */
const ffmpegPath = (): string => process.env.FFMPEG_PATH ?? 'ffmpeg';
const ffprobePath = (): string => process.env.FFPROBE_PATH ?? 'ffprobe';

export interface RunResult {
  /** null when the program could not be started (missing) or was killed. */
  code: number | null;
  missing: boolean;
  /** Killed because it ran past its time limit. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program with a time limit, keeping the last 64 KiB of each output; `signal` kills it
 * early (the client that asked for the work went away).
 */
export function run(
  cmd: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<RunResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const keep = (s: string, chunk: Buffer) => (s + chunk.toString()).slice(-65_536);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const cancel = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', cancel, { once: true });
    child.once('close', () => signal?.removeEventListener('abort', cancel));
    child.stdout.on('data', (c: Buffer) => (stdout = keep(stdout, c)));
    child.stderr.on('data', (c: Buffer) => (stderr = keep(stderr, c)));
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const missing = err.code === 'ENOENT';
      resolve({ code: null, missing, timedOut, stdout, stderr: String(err) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, missing: false, timedOut, stdout, stderr });
    });
  });
}

export interface Probe {
  durationS: number | null;
  hasVideo: boolean;
  videoCodec?: string;
  audioCodec?: string;
  /** The first video stream's declared size. */
  width?: number;
  height?: number;
  /**
   * Its declared average frame rate, when known. Not r_frame_rate: a browser recording
   * (WebM, millisecond timestamps) declares 1000 there and no average.
   */
  fps?: number;
}

/** "30000/1001" -> 29.97; "0/0" or junk -> undefined. */
function parseRate(rate: string | undefined): number | undefined {
  const [num, den] = (rate ?? '').split('/').map(Number);
  const fps = den ? num! / den : NaN;
  return Number.isFinite(fps) && fps > 0 ? fps : undefined;
}

const positive = (n: number | undefined) => (n && n > 0 ? n : undefined);

/**
 * Input options for every file a user sent: it is read as one of the containers we accept
 * (the demuxers of mp4/mov, webm and avi) from the local file alone. Without them ffmpeg picks
 * its reader from the content, and a text file that passes for a QuickTime movie is read as
 * a DASH or HLS playlist naming other files on this server.
 */
const USER_FILE_INPUT = [
  '-format_whitelist',
  'mov,mp4,matroska,webm,avi',
  '-protocol_whitelist',
  'file',
];

/** ffprobe's view of a file; null when ffprobe is not installed, 'unreadable' when it fails. */
export async function probe(file: string): Promise<Probe | null | 'unreadable'> {
  const res = await run(
    ffprobePath(),
    [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,duration,width,height,avg_frame_rate',
      '-of',
      'json',
      ...USER_FILE_INPUT,
      file,
    ],
    15_000,
  );
  if (res.missing) return null;
  if (res.code !== 0) return 'unreadable';
  try {
    const json = JSON.parse(res.stdout) as {
      format?: { duration?: string };
      streams?: Array<{
        codec_type?: string;
        codec_name?: string;
        duration?: string;
        width?: number;
        height?: number;
        avg_frame_rate?: string;
      }>;
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
      width: positive(video?.width),
      height: positive(video?.height),
      fps: parseRate(video?.avg_frame_rate),
    };
  } catch {
    return 'unreadable';
  }
}

export interface ConvertLimits {
  /** Bounds the work for files whose container does not state a duration. */
  maxSeconds: number;
  timeoutMs: number;
  threads: number;
  /** Aborted when the uploading client has gone: the conversion stops. */
  signal?: AbortSignal;
}

/**
 * Input options before `-i`: bounded threads, no frame larger than we accept, and only the
 * containers we accept, from the local file alone.
 */
const decodeArgs = (threads: number) => [
  '-threads',
  String(threads),
  // A stream may declare a small size and then carry huge frames: the decoder refuses them.
  '-max_pixels',
  String(VIDEO_INPUT.maxPixels),
  ...USER_FILE_INPUT,
];

/**
 * Fits the picture inside 1280x720 (landscape) or 720x1280 (portrait), never enlarging it,
 * with even dimensions as libx264 needs. Quotes keep the commas inside the expressions.
 */
const { longSide: L, shortSide: S } = VIDEO_OUTPUT;
const SCALE_FILTER =
  `scale=w='if(gte(iw,ih),min(${L},iw),min(${S},iw))'` +
  `:h='if(gte(iw,ih),min(${S},ih),min(${L},ih))'` +
  ':force_original_aspect_ratio=decrease:force_divisible_by=2';

/**
 * H.264 CRF 28 ultrafast + AAC 64k MP4 with the index up front (design, API departure 3),
 * at most 720p and 30 frames a second (a browser recording would otherwise be encoded at the
 * 1000 fps its millisecond timestamps suggest), killed after `timeoutMs`.
 */
export async function convertToMp4(
  input: string,
  output: string,
  limits: ConvertLimits,
): Promise<RunResult> {
  return run(
    ffmpegPath(),
    [
      '-y',
      '-v',
      'error',
      '-filter_threads',
      String(limits.threads),
      ...decodeArgs(limits.threads),
      '-i',
      input,
      '-t',
      String(limits.maxSeconds),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-threads',
      String(limits.threads),
      '-vf',
      SCALE_FILTER,
      '-fpsmax',
      String(VIDEO_OUTPUT.maxFps),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-movflags',
      '+faststart',
      output,
    ],
    limits.timeoutMs,
    limits.signal,
  );
}

/** The first frame (of our own converted file) as a JPEG no wider than 640 px. */
export async function posterFrame(
  input: string,
  output: string,
  threads: number,
): Promise<boolean> {
  const res = await run(
    ffmpegPath(),
    [
      '-y',
      '-v',
      'error',
      ...decodeArgs(threads),
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
    15_000,
  );
  return res.code === 0;
}
