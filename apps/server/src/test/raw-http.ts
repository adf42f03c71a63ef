import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { App } from '../types.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Makes the app listen on a free loopback port; answers the port. */
export async function listenPort(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * One request written as raw HTTP/1.1 on its own connection, for what app.inject cannot send: an
 * absolute-form target (`GET http://host/path HTTP/1.1`; inject keeps only the path). The answer is
 * read to the end (Connection: close); chunked bodies are left as sent.
 */
export function rawRequest(
  port: number,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () =>
      socket.destroy(new Error(`no answer to ${request.method} ${request.target}`)),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
      if (Number.isNaN(status)) {
        reject(new Error(`not an HTTP answer to ${request.method} ${request.target}: ${text.slice(0, 200)}`));
        return;
      }
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers: parsed, body: end < 0 ? '' : text.slice(end + 4) });
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}
