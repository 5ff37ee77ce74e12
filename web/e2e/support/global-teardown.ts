import { rmSync } from 'node:fs';
import { DATA_TEMPLATE_ENV } from './server.ts';

export default function globalTeardown(): void {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) rmSync(template, { recursive: true, force: true });
}
