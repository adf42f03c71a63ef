import {
  type AdminUserDetail,
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  JOB_STATUS_LABELS,
  type JobStatus,
  REPORT_REASON_LABELS,
  type ReportReason,
  ROLE_LABELS,
  type Role,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Star } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { cedis } from '../../../lib/money-format.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { RoleBadge } from '../../account/index.ts';
import { formatDateTime, QueryError } from '../admin-ui.tsx';
import { adminUserQuery } from './api/users.ts';
import { UserActions } from './user-actions.tsx';
import { humanize, UserStatusBadge, YesNo } from './user-labels.tsx';

const label = <K extends string>(labels: Record<K, string>, value: string) =>
  labels[value as K] ?? humanize(value);

function Panel({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-border bg-card p-5 shadow-sm ${className}`}
    >
      <h2 id={id} className="font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label: term, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2">
      <dt className="text-muted-fg">{term}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function When({ iso }: { iso: string | null }) {
  return iso ? (
    <time dateTime={iso}>{formatDateTime(iso)}</time>
  ) : (
    <span className="text-muted-fg">Never</span>
  );
}

/** A list of a section's rows, or a sentence saying there are none. */
function Rows<T extends { id: string }>({
  rows,
  empty,
  label: listLabel,
  render,
}: {
  rows: T[];
  empty: string;
  label: string;
  render: (row: T) => ReactNode;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-fg">{empty}</p>;
  return (
    <ul aria-label={listLabel} className="grid divide-y divide-border text-sm">
      {rows.map((row) => (
        <li key={row.id} className="grid gap-0.5 py-2.5 first:pt-0 last:pb-0">
          {render(row)}
        </li>
      ))}
    </ul>
  );
}

const Meta = ({ children }: { children: ReactNode }) => (
  <span className="text-xs text-muted-fg">{children}</span>
);

function ProfilePanel({ detail }: { detail: AdminUserDetail }) {
  const { profile } = detail;
  return (
    <Panel title="Profile">
      {profile ? (
        <dl className="grid gap-2 text-sm">
          <Fact label="City">{profile.city ?? <span className="text-muted-fg">Not set</span>}</Fact>
          <Fact label="Rating">
            {profile.total_reviews > 0 && profile.rating !== null ? (
              <span className="inline-flex items-center gap-1">
                <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-500" />
                {profile.rating.toFixed(1)} of 5 ({profile.total_reviews}{' '}
                {profile.total_reviews === 1 ? 'review' : 'reviews'})
              </span>
            ) : (
              <span className="text-muted-fg">No reviews yet</span>
            )}
          </Fact>
          <Fact label="Plan">{profile.plan_name ?? <span className="text-muted-fg">Free</span>}</Fact>
          <Fact label="Completion">{profile.profile_completion_percentage}%</Fact>
          <Fact label="Strength">{profile.profile_strength_score} / 100</Fact>
          {profile.bio && (
            <Fact label="Bio">
              <span className="whitespace-pre-line font-normal">{profile.bio}</span>
            </Fact>
          )}
        </dl>
      ) : (
        <p className="text-sm text-muted-fg">No profile yet.</p>
      )}
    </Panel>
  );
}

function AccountPanel({ detail }: { detail: AdminUserDetail }) {
  const { user, roles } = detail;
  return (
    <Panel title="Account and roles">
      <dl className="grid gap-2 text-sm">
        <Fact label="Email">{user.email}</Fact>
        <Fact label="Email verified">
          <YesNo value={user.emailVerified} />
        </Fact>
        <Fact label="Phone">{user.phone ?? <span className="text-muted-fg">Not given</span>}</Fact>
        <Fact label="Role">
          <RoleBadge role={user.role} />
        </Fact>
        <Fact label="Roles held">
          {roles.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {roles.map((r) =>
                r in ROLE_LABELS ? (
                  <RoleBadge key={r} role={r as Role} />
                ) : (
                  <Badge key={r} tone="neutral">
                    {humanize(r)}
                  </Badge>
                ),
              )}
            </span>
          ) : (
            <span className="text-muted-fg">None recorded</span>
          )}
        </Fact>
        <Fact label="Admin">
          <YesNo value={user.isAdmin} />
        </Fact>
        <Fact label="Joined">
          <When iso={user.created_at} />
        </Fact>
        <Fact label="Last sign-in">
          <When iso={user.last_sign_in_at} />
        </Fact>
        <Fact label="Active sessions">{user.active_sessions}</Fact>
        <Fact label="Password reset">
          {user.password_reset_required ? 'Required before next sign-in' : 'Not required'}
        </Fact>
      </dl>
    </Panel>
  );
}

function OnboardingPanel({ detail }: { detail: AdminUserDetail }) {
  const { onboarding, user } = detail;
  return (
    <Panel title="Onboarding and verification">
      <dl className="grid gap-2 text-sm">
        <Fact label="Onboarding">
          <YesNo value={onboarding.onboarding_completed} yes="Completed" no="Not completed" />
        </Fact>
        {onboarding.nextRequiredStep && (
          <Fact label="Next step">{humanize(onboarding.nextRequiredStep)}</Fact>
        )}
        <Fact label="Identity">
          <YesNo value={user.verified} yes="Verified" no="Not verified" />
        </Fact>
        <Fact label="Verification review">
          {onboarding.verification_status ? (
            humanize(onboarding.verification_status)
          ) : (
            <span className="text-muted-fg">None requested</span>
          )}
        </Fact>
        <Fact label="ID documents">{onboarding.id_documents}</Fact>
      </dl>
    </Panel>
  );
}

function ActivityPanels({ detail }: { detail: AdminUserDetail }) {
  const written = detail.reviews.filter((r) => r.direction === 'written');
  const received = detail.reviews.filter((r) => r.direction === 'received');
  const review = (r: AdminUserDetail['reviews'][number]) => (
    <>
      <span className="font-semibold">{r.rating} of 5 stars</span>
      {r.comment && <q className="[overflow-wrap:anywhere]">{r.comment}</q>}
      <Meta>
        <When iso={r.created_at} />
      </Meta>
    </>
  );
  return (
    <>
      <Panel title={`Jobs (${detail.jobs.length})`}>
        <Rows
          rows={detail.jobs}
          label="Jobs"
          empty="No jobs posted."
          render={(job) => (
            <>
              <Link
                to={buildPath(ROUTES.task, { id: job.id })}
                className="font-semibold underline-offset-2 [overflow-wrap:anywhere] hover:underline"
              >
                {job.title}
              </Link>
              <Meta>
                {label<JobStatus>(JOB_STATUS_LABELS, job.status)} · <When iso={job.created_at} />
              </Meta>
            </>
          )}
        />
      </Panel>
      <Panel title={`Bookings (${detail.bookings.length})`}>
        <Rows
          rows={detail.bookings}
          label="Bookings"
          empty="No bookings."
          render={(b) => (
            <>
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold [overflow-wrap:anywhere]">{b.title}</span>
                <span className="font-semibold tabular-nums">
                  {b.price_minor === null ? 'No price' : cedis(b.price_minor)}
                </span>
              </span>
              <Meta>
                As {b.side} · {label<BookingStatus>(BOOKING_STATUS_LABELS, b.status)} ·{' '}
                <When iso={b.created_at} />
              </Meta>
            </>
          )}
        />
      </Panel>
      <Panel title={`Reviews (${detail.reviews.length})`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold">Written ({written.length})</h3>
            <div className="mt-2">
              <Rows rows={written} label="Reviews written" empty="None written." render={review} />
            </div>
          </div>
          <div>
            <h3 className="text-sm font-semibold">Received ({received.length})</h3>
            <div className="mt-2">
              <Rows rows={received} label="Reviews received" empty="None received." render={review} />
            </div>
          </div>
        </div>
      </Panel>
      <Panel title={`Reports against them (${detail.reports.length})`}>
        <Rows
          rows={detail.reports}
          label="Reports against them"
          empty="Nobody has reported them."
          render={(r) => (
            <>
              <span className="font-semibold">{label<ReportReason>(REPORT_REASON_LABELS, r.reason)}</span>
              {r.details && <span className="[overflow-wrap:anywhere]">{r.details}</span>}
              <Meta>
                {humanize(r.status)} · <When iso={r.created_at} />
              </Meta>
            </>
          )}
        />
      </Panel>
      <Panel title="Security events">
        <Rows
          rows={detail.security_events}
          label="Security events"
          empty="No security events."
          render={(e) => (
            <>
              <span className="font-semibold">{humanize(e.event_type)}</span>
              <Meta>
                {e.ip ? `${e.ip} · ` : ''}
                <When iso={e.created_at} />
              </Meta>
            </>
          )}
        />
      </Panel>
      <Panel title="Admin history">
        <Rows
          rows={detail.audit}
          label="Admin history"
          empty="No admin has acted on this account."
          render={(a) => (
            <>
              <span className="font-semibold">{humanize(a.action.replace(/^user\./, ''))}</span>
              {a.reason && <q className="[overflow-wrap:anywhere]">{a.reason}</q>}
              <Meta>
                {a.admin_email ? `By ${a.admin_email} · ` : ''}
                <When iso={a.created_at} />
              </Meta>
            </>
          )}
        />
      </Panel>
    </>
  );
}

function UserBody({ detail }: { detail: AdminUserDetail }) {
  const { user, profile } = detail;
  const name = user.name || user.email;
  return (
    <>
      <header className="mt-3 flex items-center gap-4">
        <Avatar src={profile?.avatar_url} name={name} className="h-16 w-16 text-xl" />
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {name}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-fg">
            <span className="[overflow-wrap:anywhere]">{user.email}</span>
            <RoleBadge role={user.role} />
            <UserStatusBadge status={user.status} />
          </p>
        </div>
      </header>
      {user.status === 'suspended' && (
        <Alert tone="danger" title="This account is suspended" className="mt-4">
          {user.suspended_at && (
            <>
              Since <When iso={user.suspended_at} />.{' '}
            </>
          )}
          {user.suspension_reason && (
            <>
              Reason: <q>{user.suspension_reason}</q>
            </>
          )}
        </Alert>
      )}
      {/* Phones: the actions first (what an admin came to do), then the record, then the account.
          Wide screens: the record on the left, actions and account in the right column. */}
      <div className="mt-6 grid gap-4 lg:grid-cols-[1.6fr_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-6">
        <Panel title="Actions" className="lg:col-start-2 lg:row-start-1">
          <UserActions detail={detail} />
        </Panel>
        <div className="grid min-w-0 content-start gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProfilePanel detail={detail} />
          <OnboardingPanel detail={detail} />
          <ActivityPanels detail={detail} />
        </div>
        <div className="grid min-w-0 content-start gap-4 lg:col-start-2 lg:row-start-2">
          <AccountPanel detail={detail} />
        </div>
      </div>
    </>
  );
}

/** /admin/users/:id: one person's account, what they did on Adwuma, and the admin actions. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const user = useQuery(adminUserQuery(id));
  const detail = user.data;
  useDocumentTitle(`${detail ? detail.user.name || detail.user.email : 'User'} · Users · Admin`);

  return (
    <div>
      <ButtonLink to={ROUTES.adminUsers} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to users
      </ButtonLink>
      {user.isPending ? (
        <div role="status" aria-label="Loading" className="mt-4 grid gap-4 lg:grid-cols-[1.6fr_1fr]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : user.isError ? (
        <div className="mt-4">
          {user.error instanceof ApiError && user.error.status === 404 ? (
            <Alert tone="danger" role="alert" title="User not found" />
          ) : (
            <QueryError error={user.error} onRetry={() => void user.refetch()} />
          )}
        </div>
      ) : (
        <UserBody detail={user.data} />
      )}
    </div>
  );
}
