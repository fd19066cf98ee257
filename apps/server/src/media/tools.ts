import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Debian programs the media jobs call. Each is optional: without it the asset keeps its icon. */
export const TOOL_NAMES = ['ffmpeg', 'ffprobe', 'pdftoppm', 'pdfinfo', 'heif-convert'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * Tools with a built-in stand-in (libheif as WebAssembly, pdf.js): without them the pictures and
 * fields still come, more slowly, so their absence is not warned about.
 */
export const TOOLS_WITH_FALLBACK: ReadonlySet<ToolName> = new Set(['pdftoppm', 'pdfinfo', 'heif-convert']);

/** Tools that also ship as a binary inside an npm package, used when the machine has none. */
const PACKAGED: Partial<Record<ToolName, string>> = {
  ffmpeg: '@ffmpeg-installer',
  ffprobe: '@ffprobe-installer',
};

/**
 * The packaged binary of this platform (e.g. `@ffmpeg-installer/linux-x64/ffmpeg`), or undefined
 * when the platform has no package or it was not installed. Resolved directly rather than through
 * the packages' index files, which throw on an unknown platform.
 */
export function packagedTool(name: ToolName): string | undefined {
  const scope = PACKAGED[name];
  if (!scope) return undefined;
  try {
    const manifest = createRequire(import.meta.url).resolve(
      `${scope}/${process.platform}-${process.arch}/package.json`,
    );
    return join(dirname(manifest), process.platform === 'win32' ? `${name}.exe` : name);
  } catch {
    return undefined;
  }
}

/** `major.minor.patch` of a release line such as "ffmpeg version 5.1.9-0+deb12u1", else undefined. */
export function releaseOf(version: string | undefined): number[] | undefined {
  const m = /version n?(\d+)\.(\d+)(?:\.(\d+))?/i.exec(version ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}

/** The release the packaged ffmpeg was built from (its snapshot banner names no version). */
const PACKAGED_FFMPEG_RELEASE = [4, 1, 0];

const older = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
};

/**
 * The system's ffmpeg when present and at least as new as the packaged one (a distribution keeps
 * it patched), else the packaged one. ffprobe follows the same choice, so both read a file alike.
 */
export function chooseFfmpeg(
  system: { ffmpeg: ToolInfo; ffprobe: ToolInfo },
  packaged: { ffmpeg: ToolInfo; ffprobe: ToolInfo },
): { ffmpeg: ToolInfo; ffprobe: ToolInfo } {
  const release = releaseOf(system.ffmpeg.version);
  const systemFits = system.ffmpeg.available && !(release && older(release, PACKAGED_FFMPEG_RELEASE));
  if (systemFits || !packaged.ffmpeg.available) {
    return { ffmpeg: system.ffmpeg, ffprobe: system.ffprobe.available ? system.ffprobe : packaged.ffprobe };
  }
  return { ffmpeg: packaged.ffmpeg, ffprobe: packaged.ffprobe.available ? packaged.ffprobe : system.ffprobe };
}

/** What each tool gives the product, for the start-up warning. */
const PURPOSE: Record<ToolName, string> = {
  ffmpeg: 'video poster frames, proxies and audio waveforms',
  ffprobe: 'video and audio duration and dimensions',
  pdftoppm: 'PDF previews',
  pdfinfo: 'PDF page size and document info',
  'heif-convert': 'HEIC previews',
};

// pdftoppm and heif-convert reject -version; any of these exits quickly without touching files.
const PROBE_ARGS: Record<ToolName, string[]> = {
  ffmpeg: ['-version'],
  ffprobe: ['-version'],
  pdftoppm: ['-v'],
  pdfinfo: ['-v'],
  'heif-convert': ['--help'],
};

export interface ToolInfo {
  /** The command run: a name looked up on PATH, or an absolute path from the settings. */
  command: string;
  available: boolean;
  /** First line the probe printed, for diagnostics. */
  version?: string;
}
export type Tools = Record<ToolName, ToolInfo>;

/**
 * Presence is decided by whether the program could be started at all: exit codes of version
 * probes differ between tools (pdftoppm -v exits 1), so only a spawn error means "missing".
 */
function probe(command: string, args: string[]): Promise<ToolInfo> {
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const done = (info: ToolInfo) => {
      if (!settled) {
        settled = true;
        resolve(info);
      }
    };
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 5_000, windowsHide: true });
    const collect = (chunk: Buffer) => {
      if (out.length < 4096) out += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', () => done({ command, available: false }));
    child.on('close', () => {
      const version = out
        .split('\n')
        .find((l) => l.trim() !== '')
        ?.trim();
      done({ command, available: true, ...(version ? { version } : {}) });
    });
  });
}

let detected: Promise<Tools> | undefined;

/**
 * Detects the tools once per process (the result is shared by every job). `commands` overrides
 * where a tool lives; passing it re-detects, which tests use to simulate a missing tool. Without
 * an override, ffmpeg and ffprobe come from the system or from their npm packages (chooseFfmpeg).
 */
export function detectTools(commands?: Partial<Record<ToolName, string>>): Promise<Tools> {
  if (commands) return detect(commands);
  return (detected ??= detect({}));
}

async function detect(commands: Partial<Record<ToolName, string>>): Promise<Tools> {
  const infos = await Promise.all(TOOL_NAMES.map((name) => probe(commands[name] ?? name, PROBE_ARGS[name])));
  const tools = Object.fromEntries(TOOL_NAMES.map((name, i) => [name, infos[i]])) as Tools;
  if (commands.ffmpeg || commands.ffprobe) return tools;
  const packaged = await Promise.all(
    (['ffmpeg', 'ffprobe'] as const).map((name) => {
      const path = packagedTool(name);
      return path ? probe(path, PROBE_ARGS[name]) : Promise.resolve({ command: name, available: false });
    }),
  );
  return { ...tools, ...chooseFfmpeg(tools, { ffmpeg: packaged[0]!, ffprobe: packaged[1]! }) };
}

export interface ToolReport {
  missing: ToolName[];
  /** One line for the start-up log, or undefined when everything is there. */
  warning: string | undefined;
}

/** The server logs `warning` once at start, rather than every job failing noisily later. */
export function toolReport(tools: Tools): ToolReport {
  const missing = TOOL_NAMES.filter((name) => !tools[name].available);
  const needed = missing.filter((name) => !TOOLS_WITH_FALLBACK.has(name));
  const warning =
    needed.length === 0
      ? undefined
      : `Media tools not found: ${needed.map((m) => `${m} (${PURPOSE[m]})`).join(', ')}. ` +
        'Affected assets stay usable and show their type icon.';
  return { missing, warning };
}

/** For start-up: detects the tools and logs the one warning, if any. */
export async function warnAboutMissingTools(log: { warn: (msg: string) => void }): Promise<ToolReport> {
  const report = toolReport(await detectTools());
  if (report.warning) log.warn(report.warning);
  return report;
}

export interface RunOptions {
  timeoutMs: number;
  /** stdout and stderr together beyond this many bytes kill the process. */
  maxOutputBytes?: number;
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * Runs a tool with an argument array (never a shell, so file names cannot inject anything),
 * a hard timeout with SIGKILL, and bounded output so a chatty or hostile input cannot fill memory.
 */
export function runTool(
  command: string,
  args: readonly string[],
  opts: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        timeout: opts.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: opts.maxOutputBytes ?? 1024 * 1024,
        windowsHide: true,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const timedOut =
          error.killed === true &&
          error.signal === 'SIGKILL' &&
          !('code' in error && error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
        const detail = stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500);
        reject(
          new ToolError(
            command,
            `${command} failed${timedOut ? ' (timed out)' : ''}: ${detail || error.message}`,
            timedOut,
          ),
        );
      },
    );
  });
}
