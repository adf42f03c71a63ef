import {
  formatDuration,
  formatMoney,
  isProviderLike,
  priceLabel,
  SERVICE_MESSAGES,
  type Service,
  type ServiceStatus,
  type ServiceValues,
} from '@adwuma/shared';
import { Briefcase, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useJoinAsProvider, useSession } from '../auth/index.ts';
import { useCategories } from '../search/index.ts';
import { useDeleteService, useMyServices, useSaveService } from './api/services.ts';
import { PHOTOS_TEXT, ServicePhotos } from './service-photos.tsx';
import { STATUS_TEXT } from './status-text.ts';

// The form (with the form and schema libraries) downloads while the categories it needs are asked
// for, so the list of services is not held up by it (issue 20).
const ServiceForm = lazy(() => import('./service-form.tsx').then((m) => ({ default: m.ServiceForm })));

export const POST_SERVICE_TEXT = {
  title: 'Your services',
  lead: 'What you offer, with prices: published services show on your profile and in search.',
  add: 'Add a service',
  edit: (title: string) => `Edit “${title}”`,
  mine: 'My services',
  none: 'No services yet. Add your first one below: customers search by service and price.',
  saved: 'Service saved',
  addPhotos: 'Now add photos of your work below.',
  deleted: (title: string) => `“${title}” deleted`,
  published: (title: string) => `“${title}” is published`,
  paused: (title: string) => `“${title}” is paused`,
  deleteTitle: 'Delete this service?',
  deleteText: (title: string) =>
    `“${title}” will be removed from your profile and from search. This cannot be undone.`,
  notProvider: 'Services are for providers',
  notProviderText:
    'Offer your skills on Adwuma: set up a provider profile, then add your services and prices.',
  becomeProvider: 'Become a provider',
} as const;

const STATUS_TONE: Record<ServiceStatus, BadgeTone> = {
  draft: 'neutral',
  published: 'leaf',
  paused: 'brand',
};

function ServiceItem({
  service,
  onEdit,
  onStatus,
  onDelete,
  busy,
}: {
  service: Service;
  onEdit: () => void;
  onStatus: (status: ServiceStatus) => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const next: ServiceStatus = service.status === 'published' ? 'paused' : 'published';
  return (
    <li className="rounded-2xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold">{service.title}</h3>
        <Badge tone={STATUS_TONE[service.status]}>{STATUS_TEXT[service.status].label}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-fg">
        {[
          service.category_name,
          priceLabel(service.price_type, formatMoney(service.price_minor, 'GHS')),
          service.duration_minutes ? formatDuration(service.duration_minutes) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {service.service_areas.length > 0 && (
        <p className="mt-1 text-xs text-muted-fg">Areas: {service.service_areas.join(', ')}</p>
      )}
      {service.photos.length > 0 && (
        <ul aria-label={`Photos of ${service.title}`} className="mt-3 flex gap-1.5 overflow-x-auto">
          {service.photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <img
                src={photo.thumb_url}
                alt={PHOTOS_TEXT.alt(service.title, i + 1, service.photos.length)}
                loading="lazy"
                decoding="async"
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                className="h-12 w-12 rounded-lg border border-border bg-muted object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${service.title}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          busy={busy}
          onClick={() => onStatus(next)}
          aria-label={`${next === 'published' ? 'Publish' : 'Pause'} ${service.title}`}
        >
          {next === 'published' ? (
            <Play aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Pause aria-hidden="true" className="h-4 w-4" />
          )}
          {next === 'published' ? 'Publish' : 'Pause'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger"
          onClick={onDelete}
          aria-label={`Delete ${service.title}`}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
        </Button>
      </div>
    </li>
  );
}

function NotProvider() {
  const join = useJoinAsProvider();
  return (
    <ScreenShell
      icon={<Briefcase aria-hidden="true" className="h-7 w-7" />}
      title={POST_SERVICE_TEXT.notProvider}
      actions={<Button onClick={() => void join()}>{POST_SERVICE_TEXT.becomeProvider}</Button>}
    >
      <p>{POST_SERVICE_TEXT.notProviderText}</p>
    </ScreenShell>
  );
}

/** The form's room while it (or the categories it needs) loads. */
function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading the form" className="grid gap-3">
      <Skeleton className="h-11" />
      <Skeleton className="h-11" />
      <Skeleton className="h-32" />
    </div>
  );
}

/** `/post-service`: a provider's services: add, edit, publish or pause, delete. */
export function PostServicePage() {
  const { role } = useSession();
  const provider = role !== null && isProviderLike(role);
  useDocumentTitle(POST_SERVICE_TEXT.title);
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const services = useMyServices(provider);
  const categories = useCategories();
  const save = useSaveService();
  const statusChange = useSaveService();
  const remove = useDeleteService();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Service | null>(null);
  // A new key empties the form after a service was added.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLElement>(null);
  const photosRef = useRef<HTMLDivElement>(null);
  // After a new service is saved it stays open, at its photos.
  const toPhotos = useRef(false);

  const editing = editId ? (services.data?.items.find((s) => s.id === editId) ?? null) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when another service is opened
  useEffect(() => {
    if (editId && editing) {
      if (toPhotos.current) {
        toPhotos.current = false;
        photosRef.current?.scrollIntoView({ block: 'center' });
        return;
      }
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
    }
  }, [editId, Boolean(editing)]);

  if (!provider) return <NotProvider />;
  if (services.isError && !services.data) {
    return (
      <ErrorScreen
        detail={services.error.message}
        onRetry={() => void services.refetch()}
        retrying={services.isFetching}
      />
    );
  }

  const items = services.data?.items ?? [];
  const full = services.data ? items.length >= services.data.max : false;

  const onSubmit = (values: ServiceValues) => {
    save.mutate(
      { id: editing?.id, input: values },
      {
        onSuccess: (saved) => {
          save.reset();
          setFormKey((k) => k + 1);
          if (editing) {
            toast.success(POST_SERVICE_TEXT.saved);
            setParams({}, { preventScrollReset: true });
          } else {
            // A new service stays open so that its photos can be added.
            toast.success(POST_SERVICE_TEXT.saved, { description: POST_SERVICE_TEXT.addPhotos });
            toPhotos.current = true;
            setParams({ edit: saved.id }, { preventScrollReset: true });
          }
        },
      },
    );
  };

  const onStatus = (service: Service, status: ServiceStatus) =>
    statusChange.mutate(
      { id: service.id, input: { status } },
      {
        onSuccess: () =>
          toast.success(
            status === 'published'
              ? POST_SERVICE_TEXT.published(service.title)
              : POST_SERVICE_TEXT.paused(service.title),
          ),
        onError: (error) => {
          const redirect =
            error instanceof ApiError
              ? (error.details as { redirect?: string } | undefined)?.redirect
              : undefined;
          toast.error(error.message, {
            ...(redirect ? { action: { label: 'Continue', onClick: () => navigate(redirect) } } : {}),
          });
        },
      },
    );

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{POST_SERVICE_TEXT.title}</h1>
          <p className="mt-2 text-muted-fg">{POST_SERVICE_TEXT.lead}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {!full && (
              <Button
                onClick={() => {
                  setParams({}, { preventScrollReset: true });
                  setFormKey((k) => k + 1);
                  requestAnimationFrame(() => {
                    formRef.current?.scrollIntoView({ block: 'start' });
                    formRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
                  });
                }}
              >
                <Plus aria-hidden="true" className="h-4 w-4" /> {POST_SERVICE_TEXT.add}
              </Button>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-6 sm:px-6">
        <section aria-labelledby="my-services">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="my-services" className="text-lg font-bold">
              {POST_SERVICE_TEXT.mine}
            </h2>
            {services.data && (
              <span className="flex flex-wrap items-baseline gap-x-3 text-sm text-muted-fg">
                {services.data.profile_slug && (
                  <Link
                    to={buildPath(ROUTES.provider, { slug: services.data.profile_slug })}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    View your public profile
                  </Link>
                )}
                <span>
                  {items.length} of {services.data.max}
                </span>
              </span>
            )}
          </div>
          {services.isPending ? (
            <div role="status" aria-label="Loading your services" className="mt-3 grid gap-3">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ) : items.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-border p-5 text-sm text-muted-fg">
              {POST_SERVICE_TEXT.none}
            </p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {items.map((s) => (
                <ServiceItem
                  key={s.id}
                  service={s}
                  busy={statusChange.isPending && statusChange.variables?.id === s.id}
                  onEdit={() => setParams({ edit: s.id }, { preventScrollReset: true })}
                  onStatus={(status) => onStatus(s, status)}
                  onDelete={() => setConfirming(s)}
                />
              ))}
            </ul>
          )}
        </section>

        <section
          ref={formRef}
          aria-labelledby="service-form-title"
          className="scroll-mt-20 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
        >
          <h2 id="service-form-title" className="text-lg font-bold">
            {editing ? POST_SERVICE_TEXT.edit(editing.title) : POST_SERVICE_TEXT.add}
          </h2>
          <div className="mt-4">
            {full && !editing ? (
              <p className="text-sm text-muted-fg">{SERVICE_MESSAGES.tooMany}</p>
            ) : categories.isPending || (editId && services.isPending) ? (
              <FormSkeleton />
            ) : categories.isError ? (
              <ErrorScreen detail={categories.error.message} onRetry={() => void categories.refetch()} />
            ) : (
              <Suspense fallback={<FormSkeleton />}>
                <ServiceForm
                  key={`${editing?.id ?? 'new'}-${formKey}`}
                  service={editing}
                  groups={categories.data.groups}
                  busy={save.isPending}
                  error={save.error}
                  onSubmit={onSubmit}
                  onCancel={
                    editing
                      ? () => {
                          save.reset();
                          setParams({}, { preventScrollReset: true });
                        }
                      : undefined
                  }
                />
              </Suspense>
            )}
          </div>
          {!(full && !editing) && (
            <div ref={photosRef} className="mt-6 scroll-mt-20 border-t border-border pt-5">
              {editing ? (
                <ServicePhotos key={editing.id} service={editing} />
              ) : (
                <>
                  <h3 className="font-semibold">{PHOTOS_TEXT.title}</h3>
                  <p className="mt-1 text-sm text-muted-fg">{PHOTOS_TEXT.saveFirst}</p>
                </>
              )}
            </div>
          )}
        </section>
      </div>

      {confirming && (
        <Dialog
          title={POST_SERVICE_TEXT.deleteTitle}
          description={POST_SERVICE_TEXT.deleteText(confirming.title)}
          onClose={() => setConfirming(null)}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(confirming.id, {
                  onSuccess: () => {
                    toast.success(POST_SERVICE_TEXT.deleted(confirming.title));
                    if (editId === confirming.id) setParams({}, { preventScrollReset: true });
                    setConfirming(null);
                  },
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete service
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
