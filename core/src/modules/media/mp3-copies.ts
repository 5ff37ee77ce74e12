import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inject, injectable } from '@switchboard/sdk';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Config, Logger } from '../../platform/tokens.js';

/**
 * Audio containers iOS and Safari cannot play: voice notes (Ogg/Opus) and browser recordings (WebM), each with
 * the demuxer ffmpeg is told to use, so a file is read as what its name says and never probed as something else.
 */
const sourceFormats: Record<string, string> = { '.ogg': 'ogg', '.oga': 'ogg', '.opus': 'ogg', '.webm': 'matroska' };
/** Voice notes are a few hundred kB; anything this big is not one and would hold ffmpeg for long. */
const maxSourceBytes = 32 * 1024 * 1024;
/** Spec 1 §9: audio is 128 kbps mp3. */
const bitrate = '128k';
/** A voice note converts in well under a second; a stuck ffmpeg must not hold a request forever. */
const timeoutMs = 60_000;

/**
 * The mp3 copy of a stored voice note, made on the first request for it (spec 1 §4: iOS/Safari get .mp3 where
 * others play .ogg). Made on demand rather than on arrival, so media stored before and history imports are covered
 * and a restart loses nothing; the copy is written beside the original and renamed in, so a reader never sees half.
 */
@injectable()
export class Mp3Copies {
  private readonly ffmpeg: string;
  /** One conversion per file at a time on this node; a second request waits for the first. */
  private readonly running = new Map<string, Promise<boolean>>();

  constructor(
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Config) config: Config,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.ffmpeg = config.storage.ffmpegPath ?? bundledFfmpeg() ?? 'ffmpeg';
  }

  /**
   * Makes `stored` (an .mp3 path of company `companyId` that does not exist) from its audio original in the same
   * folder. Returns false when there is no audio original to convert or the conversion failed (logged).
   */
  async make(companyId: number, stored: string): Promise<boolean> {
    const source = await this.original(companyId, stored);
    if (!source) return false;
    let pending = this.running.get(stored);
    if (!pending) {
      pending = this.convert(source, stored).finally(() => this.running.delete(stored));
      this.running.set(stored, pending);
    }
    return pending;
  }

  /**
   * The original to convert: a stored file of an audio container, not too big, and, when it belongs to a ticket's
   * messages, one that a message carries as audio (a video or a document named .webm/.ogg is not converted).
   */
  private async original(companyId: number, stored: string): Promise<string | undefined> {
    for (const candidate of audioOriginals(stored)) {
      if (!(await this.media.exists(candidate))) continue;
      if ((await stat(this.media.absolutePath(candidate))).size > maxSourceBytes) return undefined;
      if (stored.split('/')[1] !== 'messages') return candidate;
      const audio = await this.tenancy.of(companyId).table('messages').where({ media_url: candidate, media_type: 'audio' }).first('id');
      return audio ? candidate : undefined;
    }
    return undefined;
  }

  private async convert(source: string, target: string): Promise<boolean> {
    const output = this.media.absolutePath(target);
    const partial = path.join(path.dirname(output), `.${randomUUID()}.mp3.partial`);
    const format = sourceFormats[path.extname(source).toLowerCase()]!;
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-protocol_whitelist', 'file'];
    args.push('-f', format, '-i', this.media.absolutePath(source));
    // The first audio stream only: a file without one fails instead of producing an empty mp3.
    args.push('-map', '0:a:0', '-vn', '-c:a', 'libmp3lame', '-b:a', bitrate, '-f', 'mp3', partial);
    try {
      await run(this.ffmpeg, args);
      await rename(partial, output);
      return true;
    } catch (error) {
      await rm(partial, { force: true });
      this.logger.warn({ err: error, source }, 'could not make the mp3 copy of an audio');
      return false;
    }
  }
}

/** The stored originals an .mp3 copy may be made from, most likely first; none for any other path. */
export function audioOriginals(stored: string): string[] {
  if (path.extname(stored).toLowerCase() !== '.mp3') return [];
  const base = stored.slice(0, -'.mp3'.length);
  return Object.keys(sourceFormats).map((extension) => base + extension);
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: timeoutMs });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 2000) errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ended with ${signal ?? code}: ${errors.trim().slice(0, 500)}`));
    });
  });
}

/** The static ffmpeg of @ffmpeg-installer, when this platform has one. */
function bundledFfmpeg(): string | undefined {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}
