// Reading the Handlebars templates that ship with statuspress (templates/ at the package root).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Templates } from './render/html.js';

// src/ and lib/ both sit one level below the package root.
const TEMPLATES = new URL('../templates/', import.meta.url);

export async function loadTemplates(): Promise<Templates> {
  return { index: await readFile(fileURLToPath(new URL('index.hbs', TEMPLATES)), 'utf8') };
}
