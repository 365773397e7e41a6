// `npm run dev`: the Worker behind `wrangler dev`, over HTTPS (kubectl sends tokens only over TLS),
// with the local credentials of `npm start` in .dev.vars (made on first use).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { localCredentials } from './local-credentials.mjs';
import { projectRoot } from './server.mjs';

localCredentials();
const wrangler = path.join(projectRoot, 'node_modules', '.bin', 'wrangler');
const child = spawn(wrangler, ['dev', '--local-protocol', 'https', ...process.argv.slice(2)], { stdio: 'inherit', cwd: projectRoot });
child.on('exit', (code) => process.exit(code ?? 0));
