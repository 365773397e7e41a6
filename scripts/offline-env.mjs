// Environment for running wrangler/miniflare offline without touching the home folder:
// no Cloudflare fetches, no metrics, config under the project. Imported first by the scripts
// and the vitest config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.XDG_CONFIG_HOME ??= path.join(root, '.cache', 'xdg');
