/**
 * Child process of tests/server-json-console.test.ts: installs the web server's JSON output routing, then writes
 * the kinds of output Next.js and Node produce (console calls with glyphs and errors, raw writes, a warning, a
 * line inside a request scope) and finally crashes, as a start-up error would.
 */
import { routeProcessOutputThroughLog } from '../../server/json-console';
import { RequestAbort, runInRequestScope } from '../../lib/server/request-scope';

routeProcessOutputThroughLog();
console.log('✓ Running next.config.ts took 12ms');
console.info('plain info', { a: 1 });
const failure = Object.assign(new Error('backend unreachable: GET /api/v1/orders'), { digest: '4184517212', status: 502 });
console.error(failure);
console.warn('⚠ something', 42);
process.stdout.write('a raw line\nand another\n\n');
process.stderr.write(Buffer.from('raw bytes on stderr\n'));
process.emitWarning('an experimental thing', 'ExperimentalWarning');
runInRequestScope({ requestId: 'req-123', abort: new RequestAbort() }, () => {
  console.error('⨯ render failed', new Error('inside'));
  // Next.js's own render error line: a coloured glyph, then the error.
  console.error('\u001b[31m\u001b[1m⨯\u001b[22m\u001b[39m', new Error('coloured'));
  // A render whose client left: the cancelled backend call's ApiError, as Next.js reports it.
  console.error(Object.assign(new Error('client went away: GET /api/v1/orders'), { code: 'client_closed_request', status: 499 }));
});
setTimeout(() => {
  throw new Error('start-up crash');
}, 50);
