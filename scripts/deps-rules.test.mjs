import { describe, expect, it } from 'vitest';
import {
  findCycles,
  importGraph,
  serverFenceProblems,
  webFenceProblems,
  withoutTypeOnlyImports,
} from './deps-rules.mjs';

const ok = {
  'features/a/page.tsx': "import { B } from '../b/index.ts';\nimport { x } from './x.ts';",
  'features/a/x.ts': 'export const x = 1;',
  'features/b/index.ts': "export { B } from './b.tsx';",
  'features/b/b.tsx': "import { Dialog } from '../../components/ui/dialog.tsx';\nexport const B = Dialog;",
  'components/ui/dialog.tsx': 'export const Dialog = 1;',
  'app/router.tsx': "const p = () => import('../features/a/page.tsx');",
};

describe('web fences', () => {
  it('accepts imports through entry files, into components/ and from app/ into a page', () => {
    expect(webFenceProblems(ok)).toEqual([]);
  });

  it('rejects a feature reaching into another feature’s internal file', () => {
    const problems = webFenceProblems({
      ...ok,
      'features/a/page.tsx': "import { B } from '../b/b.tsx';",
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('apps/web/src/features/a/page.tsx');
    expect(problems[0]).toContain('only through features/b/index.ts');
  });

  it('rejects a dynamic import into another feature’s internals too', () => {
    const problems = webFenceProblems({ ...ok, 'features/a/x.ts': "const m = () => import('../b/b.tsx');" });
    expect(problems).toEqual([expect.stringContaining('features/a/x.ts: imports "../b/b.tsx"')]);
  });

  it('rejects a kernel module (components/, lib/) importing a feature', () => {
    const problems = webFenceProblems({
      ...ok,
      'lib/util.ts': "import { B } from '../features/b/index.ts';",
    });
    expect(problems).toEqual([
      expect.stringContaining('lib/util.ts: imports "../features/b/index.ts" — lib/'),
    ]);
  });

  it('rejects an import cycle, resolving extensionless and directory imports', () => {
    const sources = {
      ...ok,
      'lib/one.ts': "import { two } from './two';",
      'lib/two.ts': "import { one } from './three';",
      'lib/three/index.ts': "export { one } from '../one.ts';",
    };
    expect(findCycles(importGraph(sources))).toEqual([
      ['lib/one.ts', 'lib/two.ts', 'lib/three/index.ts', 'lib/one.ts'],
    ]);
    expect(webFenceProblems(sources)).toEqual([expect.stringContaining('import cycle')]);
  });

  it('leaves tests and their fixtures out of the fence', () => {
    expect(
      webFenceProblems({ ...ok, 'features/a/page.test.tsx': "import { f } from '../b/test/fixtures.tsx';" }),
    ).toEqual([]);
  });
});

const server = {
  'app.ts': "import { bookingRoutes } from './features/bookings/routes.ts';",
  'db/schema.ts': 'export const bookings = 1;',
  'kernel/http/session.ts': "import { x } from '../../db/schema.ts';",
  'features/bookings/routes.ts': "import { listBookings } from './booking-store.ts';",
  'features/bookings/booking-store.ts':
    "import { bookings } from '../../db/schema.ts';\nimport { notify } from '../notifications/index.ts';",
  'features/notifications/index.ts': "export { notify } from './notify.ts';",
  'features/notifications/notify.ts':
    "import { requireUser } from '../../kernel/http/session.ts';\nimport type { Row } from '../bookings/index.ts';",
  'features/bookings/index.ts': "export { listBookings, type Row } from './booking-store.ts';",
};
const noAllow = { routeSchemaAllow: [] };

describe('server fences', () => {
  it('accepts services on the schema, entry-file imports, the kernel and a type-only cycle', () => {
    expect(serverFenceProblems(server, noAllow)).toEqual([]);
  });

  it('rejects a route file importing db/schema, naming the file and the rule', () => {
    const problems = serverFenceProblems(
      { ...server, 'features/bookings/routes.ts': "import { bookings } from '../../db/schema.ts';" },
      noAllow,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^apps\/server\/src\/features\/bookings\/routes\.ts: .*route files may not import db\/schema/,
      ),
    ]);
  });

  it('applies the schema rule to *-routes.ts, and the allow-list passes a listed file and flags a stale entry', () => {
    const wrong = {
      ...server,
      'features/bookings/admin-routes.ts': "import { bookings } from '../../db/schema.ts';",
    };
    expect(serverFenceProblems(wrong, noAllow)).toHaveLength(1);
    expect(serverFenceProblems(wrong, { routeSchemaAllow: ['features/bookings/admin-routes.ts'] })).toEqual(
      [],
    );
    expect(serverFenceProblems(server, { routeSchemaAllow: ['features/bookings/routes.ts'] })).toEqual([
      expect.stringContaining('remove it from ROUTE_SCHEMA_ALLOW'),
    ]);
  });

  it('rejects a feature reaching past another feature’s entry file, type-only imports included', () => {
    const problems = serverFenceProblems(
      {
        ...server,
        'features/notifications/notify.ts': "import type { Row } from '../bookings/booking-store.ts';",
      },
      noAllow,
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'features/notifications/notify.ts: imports "../bookings/booking-store.ts" — features/notifications may use features/bookings only through features/bookings/index.ts',
      ),
    ]);
  });

  it('rejects the kernel importing a feature', () => {
    const problems = serverFenceProblems(
      {
        ...server,
        'kernel/provider-tier.ts': "import { notify } from '../features/notifications/index.ts';",
      },
      noAllow,
    );
    expect(problems).toEqual([expect.stringContaining('kernel/provider-tier.ts: imports')]);
    expect(problems[0]).toContain('the kernel may not import features');
  });

  it('rejects a runtime import cycle but ignores type-only imports', () => {
    const cyclic = {
      ...server,
      'features/notifications/notify.ts': "import { listBookings } from '../bookings/index.ts';",
    };
    const problems = serverFenceProblems(cyclic, noAllow);
    expect(problems).toEqual([expect.stringContaining('import cycle (no cycles in the server)')]);
    expect(problems[0]).toContain('features/bookings/booking-store.ts');
    expect(withoutTypeOnlyImports("import type { A } from './a.ts';\nimport { b } from './b.ts';")).toBe(
      "\nimport { b } from './b.ts';",
    );
  });
});
