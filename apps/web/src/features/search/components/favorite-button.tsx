import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { authPath } from '../../../lib/routes.ts';
import { currentPath } from '../../../lib/session.ts';
import { useSession, useWhenSessionKnown } from '../../auth/index.ts';
import { useFavoriteIds, useSetFavorite } from '../api/favorites.ts';
import { useSearchText } from '../i18n.ts';

/**
 * The heart on cards and profiles. Signed in: toggles at once (aria-pressed) and rolls back when the
 * server refuses. Signed out: sign in first, then back to this page. Not shown on the signed-in
 * provider's own card or profile: nobody can favorite themselves (the server refuses).
 */
export function FavoriteButton({
  providerId,
  name,
  initial,
  variant = 'overlay',
  onChange,
}: {
  providerId: string;
  name: string;
  /** What the list or profile said (its `favorited`), until the favorites set has loaded. */
  initial?: boolean;
  /** 'overlay': a round icon button on a card; 'labelled': an outlined button with text (profile). */
  variant?: 'overlay' | 'labelled';
  /** After the server accepted a change. */
  onChange?: (favorited: boolean) => void;
}) {
  const { status, user } = useSession();
  const signedIn = status === 'signed_in';
  const ids = useFavoriteIds(signedIn);
  const mutation = useSetFavorite();
  const navigate = useNavigate();
  const location = useLocation();
  const whenSessionKnown = useWhenSessionKnown();
  const { t } = useSearchText();
  const saved = ids.data ? ids.data.includes(providerId) : Boolean(initial);
  const shown = mutation.isPending ? mutation.variables.favorited : saved;

  if (signedIn && user?.id === providerId) return null;

  const onClick = (event: { preventDefault(): void }) => {
    // Tapped on a server-rendered page before the session is known: decide once it is.
    if (
      whenSessionKnown(event, (known) =>
        known ? undefined : navigate(authPath({ returnTo: currentPath(location) })),
      )
    )
      return;
    if (!signedIn) {
      navigate(authPath({ returnTo: currentPath(location) }));
      return;
    }
    const next = !shown;
    mutation.mutate({ providerId, favorited: next, name }, { onSuccess: () => onChange?.(next) });
  };

  const icon = (
    <Heart
      aria-hidden="true"
      className={`h-5 w-5 transition-colors ${shown ? 'fill-red-600 text-red-600 dark:fill-red-500 dark:text-red-500' : ''}`}
    />
  );
  const common = {
    type: 'button' as const,
    onClick,
    'aria-pressed': signedIn ? shown : undefined,
    title: signedIn ? undefined : t('favorite.signIn'),
  };

  if (variant === 'labelled') {
    return (
      <button
        {...common}
        aria-label={t('favorite.label', { name })}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold text-fg hover:bg-muted"
      >
        {icon}
        <span aria-hidden="true">{shown ? t('favorite.saved') : t('favorite.save')}</span>
      </button>
    );
  }
  return (
    <button
      {...common}
      aria-label={t('favorite.label', { name })}
      className="relative z-10 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
    >
      {icon}
    </button>
  );
}
