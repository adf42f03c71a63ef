import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema.ts';
import { composeMail } from '../../features/messaging/message-mail.ts';
import { insertNotices, sendNoticeMails } from '../../features/notifications/index.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { ORIGIN, PASSWORD, post, signUp, type TestUser, uniqueIp, waitForMail } from '../../test/auth.ts';
import { MAIL_TEXTS, requestLanguage } from './texts.ts';

describe('mail in the user’s language (issue 21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const chooseTwi = (user: TestUser) =>
    t.database.db.update(profiles).set({ preferred_language: 'ak' }).where(eq(profiles.id, user.id));

  it('reads the request language from the cookie, else Accept-Language, else English', () => {
    expect(requestLanguage({ cookie: 'a=1; adwuma_lang=ak', 'accept-language': 'en' })).toBe('ak');
    expect(requestLanguage({ 'accept-language': 'ak-GH,en;q=0.5' })).toBe('ak');
    expect(requestLanguage(new Headers({ 'accept-language': 'tw' }))).toBe('ak');
    expect(requestLanguage({ 'accept-language': 'fr' })).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('sends the sign-up verification mail in the language of the request', async () => {
    const email = uniqueEmail('twi');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Yaw Darko', email, password: PASSWORD },
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, 'accept-language': 'ak-GH,ak;q=0.9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await waitForMail(t, email, 'auth-verify-email');
    expect(mail!.subject).toBe(MAIL_TEXTS.ak.verifyEmail.subject);
    expect(mail!.text_body).toContain('Ɛte sɛn Yaw Darko,');
    expect(mail!.html_body).toContain(MAIL_TEXTS.ak.verifyEmail.button);
  });

  it('keeps the English verification mail exactly as it was', async () => {
    const user = await signUp(t, { name: 'Kofi Boateng' });
    const [mail] = await waitForMail(t, user.email, 'auth-verify-email');
    expect(mail!.subject).toBe('Confirm your email for Adwuma');
    const lines = mail!.text_body!.split('\n');
    expect(lines[0]).toBe('Hello Kofi Boateng,');
    expect(lines[2]).toBe(
      'Welcome to Adwuma! Please confirm your email address so we know it is really you.',
    );
    expect(lines[4]).toMatch(/^Confirm your email: http/);
    expect(lines[6]).toBe(
      'The link is valid for 24 hours. If you did not create an Adwuma account, ignore this mail.',
    );
    expect(mail!.html_body).toContain('If the button does not work, copy this link into your browser:');
  });

  it('sends the password reset mail in the account’s language, whatever the request says', async () => {
    const twi = await signUp(t, { name: 'Akua Asantewaa' });
    await chooseTwi(twi);
    const english = await signUp(t, { name: 'Esi Mensah' });
    for (const user of [twi, english]) {
      const res = await post(t, '/api/auth/request-password-reset', {
        email: user.email,
        redirectTo: '/auth?mode=reset-password',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [akMail] = await waitForMail(t, twi.email, 'auth-reset-password');
    expect(akMail!.subject).toBe('Sesa wo Adwuma password');
    expect(akMail!.text_body).toContain('Yi password foforo: http');
    const [enMail] = await waitForMail(t, english.email, 'auth-reset-password');
    expect(enMail!.subject).toBe('Reset your Adwuma password');
    expect(enMail!.text_body).toContain('Hello Esi Mensah,');
    expect(enMail!.text_body).toContain('Choose a new password: http');
  });

  it('frames a notification mail in the recipient’s language', async () => {
    const twi = await signUp(t, { name: 'Kwame Nkansah' });
    await chooseTwi(twi);
    const english = await signUp(t, { name: 'Abena Owusu' });
    const ids = await t.database.db.transaction((tx) =>
      insertNotices(
        tx,
        [twi, english].map((u) => ({
          userId: u.id,
          kind: 'review',
          title: 'New review',
          body: 'Kofi left you 5 stars.',
          link: '/reviews',
          mail: true,
        })),
      ),
    );
    await sendNoticeMails(t.app.deps, ids, t.app.deps.log);
    const [akMail] = await waitForMail(t, twi.email, 'notice-review');
    expect(akMail!.text_body).toBe(
      [
        'Ɛte sɛn Kwame Nkansah,',
        '',
        'Kofi left you 5 stars.',
        '',
        'Bue Adwuma: http://localhost:3000/reviews',
        '',
        'Adwuma kuw no',
      ].join('\n'),
    );
    const [enMail] = await waitForMail(t, english.email, 'notice-review');
    expect(enMail!.text_body).toBe(
      [
        'Hello Abena Owusu,',
        '',
        'Kofi left you 5 stars.',
        '',
        'Open Adwuma: http://localhost:3000/reviews',
        '',
        'The Adwuma team',
      ].join('\n'),
    );
  });

  it('writes the message mail in either language (English unchanged)', () => {
    const lines = [{ conversationId: 'c1', sender: 'Kofi', count: 2, preview: 'Akwaaba' }];
    const en = composeMail('https://adwuma.example', 'Ama', lines);
    expect(en.subject).toBe('2 new messages from Kofi');
    expect(en.text).toBe(
      [
        'Hello Ama,',
        '',
        'You have unread messages on Adwuma:',
        '',
        'Kofi (2 new messages): “Akwaaba”',
        'Reply: https://adwuma.example/messaging?c=c1',
        '',
        'You can turn these mails off in your notification settings.',
        '',
        'The Adwuma team',
      ].join('\n'),
    );
    const ak = composeMail('https://adwuma.example', 'Ama', lines, 'ak');
    expect(ak.subject).toBe('Nkra foforo 2 fi Kofi hɔ');
    expect(ak.text).toContain('Kofi (nkra foforo 2): “Akwaaba”');
    expect(ak.text).toContain('Bua: https://adwuma.example/messaging?c=c1');
    expect(ak.html).toContain('Bua wɔ Adwuma so');
  });

  it('has a Twi text for every English one, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [section, texts] of Object.entries(MAIL_TEXTS.en)) {
      for (const [key, english] of Object.entries(texts as Record<string, string>)) {
        const twi = (MAIL_TEXTS.ak as unknown as Record<string, Record<string, string>>)[section]![key];
        expect(twi, `${section}.${key}`).toBeTruthy();
        expect(placeholders(twi!), `${section}.${key}`).toEqual(placeholders(english));
      }
    }
  });
});
