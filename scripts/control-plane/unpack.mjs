// Unpacks ../shared/kube's xz-packed binaries atomically: each into a temporary folder of its own
// beside the destination, then renamed into place, so that runs started together (tests, the
// conformance script, benchmarks sharing one KUBE_BIN) never execute or overwrite a half-written
// binary (the shared scripts' fixed `NAME.tmp` let two unpackers write one file: "Text file busy").
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Checks `dir`'s SHA256SUMS (throws on a mismatch). */
export function verifyChecksums(dir) {
  execFileSync('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Unpacks `packed` (NAME.xz) to `destDir`/NAME unless that is already there and newer; returns its
 * path. A racing unpacker's rename replaces the name, never a file being executed.
 */
export function unpackBinary(packed, destDir) {
  const target = path.join(destDir, path.basename(packed, '.xz'));
  if (existsSync(target) && statSync(target).mtimeMs > statSync(packed).mtimeMs) return target;
  mkdirSync(destDir, { recursive: true });
  const scratch = mkdtempSync(path.join(destDir, '.unpack-'));
  try {
    const temporary = path.join(scratch, path.basename(target));
    const out = openSync(temporary, 'w', 0o755);
    try {
      execFileSync('xz', ['-dc', packed], { stdio: ['ignore', out, 'inherit'] });
    } finally {
      closeSync(out);
    }
    chmodSync(temporary, 0o755);
    renameSync(temporary, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return target;
}
