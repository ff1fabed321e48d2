import type { ChildProcess } from 'node:child_process';

/**
 * The URL a backend child process announces ("Broker API listening on …" on its stdout, piped), or a rejection when
 * it exits first or stays silent for `timeoutMs`. Shared by the benches that start their own backends.
 */
export function listeningUrl(child: ChildProcess, timeoutMs = 30_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /Broker API listening on (http:\/\/[\d.:]+)/.exec(buf);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`backend exited with ${code}`)));
    setTimeout(() => reject(new Error(`backend did not start in ${timeoutMs / 1000} s`)), timeoutMs).unref();
  });
}
