import { JOB_LIMITS } from '@adwuma/shared';
import { Bookmark, MapPinned, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { reverseGeocode, useSavedLocation } from '../../../lib/onboarding-api.ts';
import { useSession } from '../../auth/index.ts';
import { PICKER_TEXT, type Place, PlacePicker } from '../../location/index.ts';
import { useJobsText } from '../i18n.ts';
import type { DraftErrors, JobDraft } from './job-draft.ts';

// Leaflet downloads only when the customer opens the map.
const LocationMap = lazy(() => import('../../../components/ui/location-map.tsx'));

/** The place step's words in the page's language (jobs.json "where"). */
function useWhereText() {
  const { t } = useJobsText();
  return {
    t,
    city: t('where.city'),
    cityHint: t('where.cityHint'),
    saved: t('where.saved'),
    savedDone: (place: string) => t('where.savedDone', { place }),
    pin: t('where.pin'),
    pinned: t('where.pinned'),
    unpin: t('where.unpin'),
    mapHint: t('where.mapHint'),
    address: t('where.address'),
    addressHint: t('where.addressHint'),
  };
}

/**
 * Step 2: the place as a town or neighbourhood (the one place picker: "Bantama" gives city Kumasi,
 * Bantama's point, and Bantama as the address when none is written), an optional map pin and an
 * address.
 */
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
  const WHERE_TEXT = useWhereText();
  const saved = useSavedLocation();
  const [mapOpen, setMapOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const savedLocation = saved.data?.location ?? null;
  const savedCity = savedLocation?.city ?? profile?.city ?? null;
  const hasPoint = draft.latitude !== null && draft.longitude !== null;
  // The name picked (a neighbourhood) while the draft still has its city and point.
  const [picked, setPicked] = useState<Place | null>(null);
  const pickedStill =
    picked &&
    picked.lat === draft.latitude &&
    picked.lng === draft.longitude &&
    (picked.result?.city ?? picked.near) === draft.city;
  const pickerValue: Place | null = pickedStill
    ? picked
    : draft.city
      ? { near: draft.city, lat: draft.latitude ?? 0, lng: draft.longitude ?? 0 }
      : null;

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
        <PlacePicker
          value={pickerValue}
          label={WHERE_TEXT.city}
          signedIn={status === 'signed_in'}
          invalid={Boolean(errors.city || errors.latitude)}
          describedBy="job-city-hint"
          onChange={(place) => {
            setNotice(null);
            setPicked(place);
            if (!place) return update({ city: '', latitude: null, longitude: null });
            if (place.near !== PICKER_TEXT.myLocationName) {
              const area = place.result?.neighbourhood ?? null;
              const previousArea = picked?.result?.neighbourhood ?? null;
              const address =
                area && (!draft.address || draft.address === previousArea) ? area : draft.address;
              return update({
                city: place.result?.city ?? place.near,
                latitude: place.lat,
                longitude: place.lng,
                address,
              });
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
        <p id="job-city-hint" className="mt-1 text-xs text-muted-fg">
          {WHERE_TEXT.cityHint}
        </p>
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
              <X aria-hidden="true" className="h-4 w-4" />{' '}
              {hasPoint ? WHERE_TEXT.unpin : WHERE_TEXT.t('where.closeMap')}
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
