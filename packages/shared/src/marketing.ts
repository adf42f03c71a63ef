/**
 * The landing's numbers (spec 1 and 9 name 1,000+ providers and a 4.8 average; issue 22: say only
 * what is listed). Each is a floor of what the demo database holds, checked by the demo seed test
 * (apps/server/src/db/demo-seed.test.ts): raise them when the listings grow, never above.
 */
export const MARKETING_CLAIMS = [
  { value: '400+', label: 'Service providers listed' },
  { value: '50+', label: 'Service categories' },
  { value: '4.3', label: 'Average rating' },
  { value: '20+', label: 'Cities across Ghana' },
] as const;

/** Spec 2 landing "how it works": the four steps. */
export const HOW_IT_WORKS = [
  {
    title: 'Search and browse',
    text: 'Find trusted providers near you by service, price, rating and distance.',
  },
  { title: 'Connect and hire', text: 'Message providers, compare quotes and hire the one that fits.' },
  {
    title: 'Work together',
    text: 'Schedule the job, keep every detail in one conversation, pay with confidence.',
  },
  { title: 'Review and rate', text: 'Share how it went so the next customer can choose well.' },
] as const;
