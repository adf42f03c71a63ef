// zod 4 probes whether it may compile parsers with `new Function` when a schema is built; the
// Content-Security-Policy forbids eval, and Chrome reports the refused probe as an issue on every
// page that builds a schema (Lighthouse best practices). Parsing without compiled code costs nothing
// noticeable at the sizes the app parses. Imported first by the app's entry (src/app/main.tsx).
//
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there
// (zod/v4/core/core.js), which is what `config({ jitless: true })` would write. Setting it directly
// keeps zod out of the app shell: most pages never load it (issue 20). lib/zod-jitless.test.ts
// checks that zod still reads it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
