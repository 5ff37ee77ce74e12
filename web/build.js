// The web app is a placeholder page until the React client lands; core serves web/dist at the same origin.
import { cpSync, mkdirSync } from 'node:fs';

mkdirSync(new URL('./dist', import.meta.url), { recursive: true });
cpSync(new URL('./public', import.meta.url), new URL('./dist', import.meta.url), { recursive: true });
