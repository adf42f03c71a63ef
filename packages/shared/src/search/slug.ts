/**
 * Readable, shareable provider URLs: `/providers/ama-mensah-k3x9q2`. The name part is for people and
 * search engines; only the id suffix is trusted, so a renamed provider's old links still work.
 */

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** The public handle: slug of the name plus a stable short code. */
export function providerSlug(name: string | null | undefined, code: string): string {
  const base = slugify(name ?? '');
  return base ? `${base}-${code}` : code;
}

/** The short code from a slug (its last part), or null if it has none. */
export function codeFromSlug(slug: string): string | null {
  const match = /(?:^|-)([a-z0-9]{6,12})$/.exec(slug.toLowerCase());
  return match ? (match[1] ?? null) : null;
}
