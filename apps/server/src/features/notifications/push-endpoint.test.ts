import { describe, expect, it } from 'vitest';
import { isKnownPushService } from './routes.ts';

describe('push endpoints accepted in production', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/QGz',
  ])('accepts the browser push service %s', (endpoint) => {
    expect(isKnownPushService(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://evil.example/fcm.googleapis.com',
    'https://fcm.googleapis.com.evil.example/x',
    'not a url',
  ])('refuses %s (the server would post to it)', (endpoint) => {
    expect(isKnownPushService(endpoint)).toBe(false);
  });
});
