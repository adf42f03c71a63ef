// Every Twi catalog, in one chunk that only Twi readers download (src/i18n/index.ts loadLanguage).
/** A catalog: nested keys to texts (the same shape as ./index.ts's Catalog). */
type Catalog = { [key: string]: string | Catalog };

const files = import.meta.glob<Catalog>('../locales/ak/*.json', { eager: true, import: 'default' });

export const TWI: Record<string, Catalog> = Object.fromEntries(
  Object.entries(files).map(([file, catalog]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), catalog]),
);
