/**
 * A stand-in for the browser's XMLHttpRequest (uploads with progress, lib/upload.ts): the test
 * decides progress and the answer. Install with `vi.stubGlobal('XMLHttpRequest', FakeXhr)` and
 * empty `FakeXhr.sent` before each test.
 */
export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  upload = new EventTarget();
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}
