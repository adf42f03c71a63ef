/**
 * "Ama Mensah" → "Ama M.": what strangers see of a person (providers of a customer before being
 * hired, the public of a review's author). "Customer" when there is no name.
 */
export function shortName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Customer';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first!;
}
