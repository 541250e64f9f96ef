// Host configurations written into every build and printed by `statuspress host-config`.
import type { OutputFile } from '../write/types.js';
import { apiHref } from '../routes/href.js';
import { API } from '../errors/api.js';
import { apiError } from '../routes/request.js';
import { STATE_DIR } from '../routes/files.js';
import { DEFAULT_RATE_LIMIT } from '../serve/rate-limit.js';
import { netlifyHeaders, netlifyRedirects, NOT_FOUND_FILE, NOT_PREBUILT_FILE } from './netlify.js';
import { nginxConfig } from './nginx.js';

export { nginxConfig } from './nginx.js';
export type { NginxOptions } from './nginx.js';
export { netlifyHeaders, netlifyRedirects } from './netlify.js';

/** Where the build leaves its nginx configuration (not served; the root there is a placeholder). */
export const NGINX_FILE = `${STATE_DIR}/nginx.conf`;
export const NGINX_PLACEHOLDER_ROOT = '/srv/statuspress/dist';

/**
 * The host files of an output folder. Independent of the content, so byte-identical across builds,
 * but for a private audience's site (`secret`: SiteConfig's `private`), which requires credentials.
 */
export function renderHostFiles(secret?: { passwordFile: string | null }): OutputFile[] {
  return [
    { path: '_redirects', contents: netlifyRedirects() },
    { path: '_headers', contents: netlifyHeaders(undefined, { secret: secret !== undefined }) },
    { path: NOT_FOUND_FILE, contents: JSON.stringify(apiError(API.notFoundFile, { href: apiHref({ endpoint: 'status' }) }).toJSON()) },
    { path: NOT_PREBUILT_FILE, contents: JSON.stringify(apiError(API.netlifyNotPrebuilt).toJSON()) },
    {
      path: NGINX_FILE,
      contents:
        `# Set root to the absolute path of this output folder, or print a ready one with\n# \`statuspress host-config nginx --dir <this folder>\`.\n` +
        nginxConfig({ root: NGINX_PLACEHOLDER_ROOT, listen: '80', rateLimit: DEFAULT_RATE_LIMIT, ...(secret === undefined ? {} : { private: { passwordFile: secret.passwordFile } }) }),
    },
  ];
}
