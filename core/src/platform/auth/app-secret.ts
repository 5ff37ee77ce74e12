import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The keys derived from APP_SECRET: one for signing tokens, one for encrypting secrets at rest,
 * one for hashing short codes. Rotating APP_SECRET invalidates all three together.
 */
export class SecretKeys {
  readonly signing: Buffer;
  private readonly encryption: Buffer;
  private readonly hashing: Buffer;

  constructor(appSecret: string) {
    if (appSecret.length < 32) throw new Error('APP_SECRET must be at least 32 characters long');
    this.signing = derive(appSecret, 'switchboard/token-signing');
    this.encryption = derive(appSecret, 'switchboard/secret-encryption');
    this.hashing = derive(appSecret, 'switchboard/code-hashing');
  }

  /** AES-256-GCM; the output is `v1:iv:tag:ciphertext` in base64url, so a stored value shows its scheme. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryption, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not an encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.encryption, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Keyed hash for short secrets (recovery codes): a leaked table cannot be brute-forced offline. */
  hash(value: string): string {
    return createHmac('sha256', this.hashing).update(value).digest('base64url');
  }
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'switchboard', purpose, 32));
}

/**
 * APP_SECRET when configured; in embedded mode a secret generated once into DATA_DIR/secret and
 * reused on every later start (so tokens and encrypted values survive a restart).
 */
export async function resolveAppSecret(options: { configured?: string; dataDir: string }): Promise<{ secret: string; generated: boolean }> {
  if (options.configured) return { secret: options.configured, generated: false };
  const file = path.join(options.dataDir, 'secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { secret: stored, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another process wrote it first: use theirs.
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return { secret: (await readFile(file, 'utf8')).trim(), generated: true };
}
