import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { Avatar } from './avatar.tsx';
import { IdCheckBadge, VerifiedBadge } from './verified-badge.tsx';

export interface ChipPerson {
  name: string;
  avatar_url: string | null;
  /** A provider's public profile; the name links to it. */
  slug?: string | null;
  verified?: boolean;
}

const SIZES = {
  sm: { avatar: 'h-8 w-8 text-xs', line: 'gap-x-2 text-sm', name: 'truncate font-semibold', sub: 'text-xs' },
  md: {
    avatar: 'h-10 w-10 text-sm',
    line: 'gap-x-2 gap-y-0.5',
    name: 'truncate font-semibold',
    sub: 'text-xs',
  },
  lg: { avatar: 'h-12 w-12 text-base', line: 'gap-x-2 gap-y-1', name: 'font-bold', sub: 'text-sm' },
} as const;

/**
 * A person at a glance: avatar, name (linked to a provider's profile) with the verified badge, and a
 * line under it. `children` go after the text inside the same row (a message button).
 */
export function PersonChip({
  person,
  sub,
  size = 'md',
  className = 'flex min-w-0 items-center gap-3',
  children,
  idCheck = false,
}: {
  person: ChipPerson;
  /** Where a customer chooses a provider: "ID verified" or "ID check pending", either way. */
  idCheck?: boolean;
  sub: ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
  children?: ReactNode;
}) {
  const s = SIZES[size];
  return (
    <div className={className}>
      <Avatar src={person.avatar_url} name={person.name} className={s.avatar} />
      <div className="min-w-0">
        <p className={`flex flex-wrap items-center ${s.line}`}>
          {person.slug ? (
            <Link
              to={buildPath(ROUTES.provider, { slug: person.slug })}
              className={`${s.name} hover:underline`}
            >
              {person.name}
            </Link>
          ) : (
            <span className={s.name}>{person.name}</span>
          )}
          {idCheck ? (
            <IdCheckBadge verified={person.verified === true} />
          ) : (
            person.verified && <VerifiedBadge label="Verified provider: Ghana Card checked by Adwuma" />
          )}
        </p>
        <p className={`${s.sub} text-muted-fg`}>{sub}</p>
      </div>
      {children}
    </div>
  );
}
