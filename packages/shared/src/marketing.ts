/** Marketing claims (spec 1 and 9), shown on the landing numbers section. */
export const MARKETING_CLAIMS = [
  { value: '1,000+', label: 'Service providers' },
  { value: '50+', label: 'Service categories' },
  { value: '4.8', label: 'Average rating' },
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
