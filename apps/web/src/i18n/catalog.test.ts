// Issue 21: every English text has its translation in every language (Twi today), with the same
// placeholders. `npm test` fails here when a key is added to src/locales/en/<namespace>.json alone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(__dirname, '../locales');
/** Keys starting with "_" describe the file (its review status), they are not texts. */
const isMeta = (key: string) => key.startsWith('_');

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (isMeta(key)) continue;
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const read = (language: string, namespace: string): Catalog =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Catalog;

const namespaces = fs
  .readdirSync(path.join(LOCALES, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/** i18next plural forms: a Twi key `x_one` / `x_other` stands for English's `x_one` / `x_other`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** Every translation: a folder beside en/ (ak/ for Twi today). */
const translations = fs.readdirSync(LOCALES).filter((name) => name !== 'en' && !name.includes('.'));

describe('translated catalogs (issue 21)', () => {
  it('has namespaces and a Twi translation to check', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(translations).toContain('ak');
  });

  for (const [language, namespace] of translations.flatMap((l) => namespaces.map((n) => [l, n] as const))) {
    describe(`${language}/${namespace}`, () => {
      const english = flatten(read('en', namespace));
      const file = `src/locales/${language}/${namespace}.json`;

      it('has the file, marked with its review status', () => {
        expect(fs.existsSync(path.join(LOCALES, language, `${namespace}.json`)), `${file} is missing`).toBe(
          true,
        );
        const meta = read(language, namespace)._meta as Catalog | undefined;
        expect(meta?.review, `${file} needs "_meta": { "review": "…" }`).toBeTruthy();
      });

      it('has a text for every English key, and no key English lacks', () => {
        const translated = flatten(read(language, namespace));
        const missing = [...english.keys()].filter((key) => !translated.get(key)?.trim());
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(missing, `English keys without a translation in ${file}`).toEqual([]);
        expect(extra, `keys English does not have in ${file}`).toEqual([]);
      });

      it('keeps every placeholder of the English text', () => {
        const translated = flatten(read(language, namespace));
        const broken = [...english.entries()]
          .filter(([key, text]) => {
            const other = translated.get(key);
            return other !== undefined && placeholders(text).join() !== placeholders(other).join();
          })
          .map(([key]) => key);
        expect(broken, `texts whose {{placeholders}} differ from English in ${file}`).toEqual([]);
      });
    });
  }
});
