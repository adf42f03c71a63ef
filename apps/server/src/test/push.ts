import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a push endpoint received. */
export interface PushRequest {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in push service on 127.0.0.1 for tests: records every request, answers 201 (or the status
 * set for a path).
 */
export class PushTestServer {
  readonly requests: PushRequest[] = [];
  readonly statusByPath = new Map<string, number>();
  private server: http.Server | null = null;
  private base = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.requests.push({
          path,
          method: req.method ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.statusCode = this.statusByPath.get(path) ?? 201;
        res.end(res.statusCode >= 400 ? 'push service says no' : '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.base = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new endpoint path on this server and a browser's key pair for it. */
  newClient(): PushClient {
    const path = `/push/${randomUUID()}`;
    return new PushClient(`${this.base}${path}`, path);
  }

  to(path: string): PushRequest[] {
    return this.requests.filter((r) => r.path === path);
  }
}

/** A browser's side of one subscription: its keys, and the decryption of what it receives. */
export class PushClient {
  private readonly ecdh = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(
    readonly endpoint: string,
    readonly path: string,
  ) {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** The body of POST /api/push/subscriptions. */
  subscription() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** Decrypts an aes128gcm body (RFC 8291, one record) into its text. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverPublic = body.subarray(21, 21 + idLength);
    const cipherText = body.subarray(21 + idLength);
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const shared = this.ecdh.computeSecret(serverPublic);
    const prkKey = hmac(this.authSecret, shared);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      this.publicKey,
      serverPublic,
      Buffer.from([1]),
    ]);
    const ikm = hmac(prkKey, keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
    const padded = Buffer.concat([
      decipher.update(cipherText.subarray(0, cipherText.length - 16)),
      decipher.final(),
    ]);
    let end = padded.length - 1;
    while (end > 0 && padded[end] === 0) end--;
    // The last record ends with the delimiter 0x02 before its padding.
    return padded.subarray(0, end).toString('utf8');
  }
}
