import { config } from 'zod';

// zod 4 probes whether it may compile parsers with `new Function` when a schema is built; the
// Content-Security-Policy forbids eval, and Chrome reports the refused probe as an issue on every
// page that builds a schema (Lighthouse best practices). Parsing without compiled code costs nothing
// noticeable at the sizes the app parses. Imported first by the app's entry (src/app/main.tsx).
config({ jitless: true });
