import type { directoryCitiesResponseSchema } from '@adwuma/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** Cities with listed providers, most providers first (at most 200), each with a centre point. */
export async function listDirectoryCities(
  database: Database,
): Promise<z.infer<typeof directoryCitiesResponseSchema>> {
  const { rows } = await database.executeSql(
    // The centre offered for "near {city}": the median of its providers' (rounded) points.
    `select city, min(region) as region, count(*)::int as providers,
       round((percentile_cont(0.5) within group (order by latitude))::numeric, 4)::float8 as latitude,
       round((percentile_cont(0.5) within group (order by longitude))::numeric, 4)::float8 as longitude
     from provider_search
     where listed and city is not null group by city order by providers desc, city limit 200`,
    [],
  );
  return {
    cities: rows.map((r) => ({
      city: r.city as string,
      region: (r.region as string | null) ?? null,
      providers: Number(r.providers),
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
    })),
  };
}
