import { JOB_LIMITS } from '@adwuma/shared';
import { Bookmark, MapPinned, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { reverseGeocode, useSavedLocation } from '../../../lib/onboarding-api.ts';
import { useSession } from '../../auth/index.ts';
import { PLACE_TEXT, PlacePicker } from '../../search/index.ts';
import type { DraftErrors, JobDraft } from './job-draft.ts';

// Leaflet downloads only when the customer opens the map.
const LocationMap = lazy(() => import('../../../components/ui/location-map.tsx'));

export const WHERE_TEXT = {
  city: 'City or town',
  cityHint: 'Providers near this place see your job first.',
  saved: 'Use my saved location',
  savedDone: (place: string) => `Using your saved location: ${place}`,
  pin: 'Pin the exact spot on a map',
  pinned: 'Pinned on the map',
  unpin: 'Remove the pin',
  mapHint: 'Tap the map to place the pin; drag it to adjust.',
  address: 'Street, house or landmark',
  addressHint: 'e.g. “Near the Shell station, Spintex Road”. Optional.',
} as const;

/** Step 2: the place as a town (the search's place picker), an optional map pin and an address. */
export function WhereFields({
  draft,
  update,
  errors,
}: {
  draft: JobDraft;
  update: (patch: Partial<JobDraft>) => void;
  errors: DraftErrors;
}) {
  const { status, profile } = useSession();
  const saved = useSavedLocation();
  const [mapOpen, setMapOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const savedLocation = saved.data?.location ?? null;
  const savedCity = savedLocation?.city ?? profile?.city ?? null;
  const hasPoint = draft.latitude !== null && draft.longitude !== null;

  const useSaved = () => {
    if (savedLocation) {
      update({
        city: savedLocation.city ?? draft.city,
        latitude: savedLocation.latitude,
        longitude: savedLocation.longitude,
        address: draft.address || savedLocation.address || '',
      });
    } else if (profile?.city) {
      update({ city: profile.city });
    }
    setNotice(WHERE_TEXT.savedDone(savedCity ?? ''));
  };

  return (
    <div className="grid gap-5">
      <div id="job-city">
        <p className="text-sm font-semibold text-fg">{WHERE_TEXT.city}</p>
        <div className="mt-1.5">
          <PlacePicker
            value={
              draft.city ? { near: draft.city, lat: draft.latitude ?? 0, lng: draft.longitude ?? 0 } : null
            }
            signedIn={status === 'signed_in'}
            onChange={(place) => {
              setNotice(null);
              if (!place) return update({ city: '', latitude: null, longitude: null });
              if (place.near !== PLACE_TEXT.myLocationName) {
                return update({ city: place.near, latitude: place.lat, longitude: place.lng });
              }
              // The device's position: its town comes from the reverse geocoder when it answers.
              update({ latitude: place.lat, longitude: place.lng });
              void reverseGeocode(place.lat, place.lng)
                .then((found) => {
                  const city = found.formatted.city ?? found.address.city;
                  if (city) update({ city });
                })
                .catch(() => {});
            }}
          />
        </div>
        <p className="mt-1 text-xs text-muted-fg">{WHERE_TEXT.cityHint}</p>
        {(errors.city || errors.latitude) && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {errors.city ?? errors.latitude}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {savedCity && (
            <Button size="sm" variant="outline" onClick={useSaved}>
              <Bookmark aria-hidden="true" className="h-4 w-4" /> {WHERE_TEXT.saved}
            </Button>
          )}
          {!mapOpen && (
            <Button size="sm" variant="outline" onClick={() => setMapOpen(true)}>
              <MapPinned aria-hidden="true" className="h-4 w-4" /> {WHERE_TEXT.pin}
            </Button>
          )}
        </div>
        {notice && (
          <p role="status" className="mt-2 text-sm text-muted-fg">
            {notice}
          </p>
        )}
      </div>

      {mapOpen && (
        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-fg">
              {hasPoint
                ? `${WHERE_TEXT.pinned}: ${draft.latitude?.toFixed(4)}, ${draft.longitude?.toFixed(4)}`
                : WHERE_TEXT.mapHint}
            </p>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setMapOpen(false);
                if (draft.city) update({ latitude: null, longitude: null });
              }}
            >
              <X aria-hidden="true" className="h-4 w-4" /> {hasPoint ? WHERE_TEXT.unpin : 'Close the map'}
            </Button>
          </div>
          <Suspense
            fallback={
              <div aria-hidden="true" className="h-64 w-full rounded-xl border border-border bg-muted" />
            }
          >
            <LocationMap
              point={
                hasPoint ? { latitude: draft.latitude as number, longitude: draft.longitude as number } : null
              }
              focus={0}
              onPick={(latitude, longitude) => update({ latitude, longitude })}
            />
          </Suspense>
        </div>
      )}

      <Field
        id="job-address"
        label={WHERE_TEXT.address}
        hint={WHERE_TEXT.addressHint}
        error={errors.address}
        optional
      >
        {(control) => (
          <Input
            {...control}
            value={draft.address}
            maxLength={JOB_LIMITS.addressMax + 20}
            autoComplete="street-address"
            onChange={(e) => update({ address: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
