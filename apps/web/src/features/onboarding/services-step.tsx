import { onboardingServicesSchema } from '@adwuma/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { saveServices, useCategories, useSavedServices } from '../../lib/onboarding-api.ts';
import { useCategoryLabels } from '../search/index.ts';
import { useOnboardingText } from './i18n.ts';
import { Loading, useSave } from './steps.tsx';
import {
  FormError,
  focusById,
  issuesByField,
  messageOf,
  StepFooter,
  StepIntro,
  type StepProps,
  sameValues,
  useDraftOnLeave,
  useStepDraft,
} from './wizard-frame.tsx';

interface ServicesDraft {
  categories: string[];
  tags: string[];
  tagText: string;
}

const firstMatching = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1];

/**
 * Services step (alias skills): categories from the seeded list and free service tags. At least one
 * category is checked here before the save (the server checks it again).
 */
export function ServicesStep({ step, next }: StepProps) {
  const categories = useCategories();
  const saved = useSavedServices();
  const uid = useId();
  const draft = useStepDraft<ServicesDraft>('services');
  const [chosen, setChosen] = useState<string[] | null>(() => draft.read()?.categories ?? null);
  const [tags, setTags] = useState<string[] | null>(() => draft.read()?.tags ?? null);
  const [tagText, setTagText] = useState(() => draft.read()?.tagText ?? '');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const done = useRef(false);
  const { busy, errors: serverErrors, formError, run } = useSave();
  const { t } = useOnboardingText();
  const labels = useCategoryLabels();

  useEffect(() => {
    if (saved.data && chosen === null) {
      setChosen(saved.data.categories.map((c) => c.slug));
      setTags(saved.data.tags);
    }
  }, [saved.data, chosen]);

  useDraftOnLeave(draft, () => {
    if (done.current || chosen === null) return null;
    const current = { categories: chosen, tags: tags ?? [], tagText };
    const stored = saved.data
      ? { categories: saved.data.categories.map((c) => c.slug), tags: saved.data.tags, tagText: '' }
      : null;
    return sameValues(current, stored) ? null : current;
  });

  if (categories.isPending || saved.isPending) return <Loading />;
  if (categories.isError) return <Alert tone="danger">{messageOf(categories.error)}</Alert>;
  const picked = chosen ?? [];
  const tagList = tags ?? [];
  const errors = { ...serverErrors, ...localErrors };
  const firstCategoryId = (slug: string) => `${uid}-cat-${slug}`;
  const firstSlug = categories.data.groups[0]?.categories[0]?.slug;

  const toggle = (slug: string) => {
    setChosen(picked.includes(slug) ? picked.filter((s) => s !== slug) : [...picked, slug]);
    setLocalErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('categories'))));
  };
  const addTag = () => {
    const tag = tagText.trim();
    if (tag && !tagList.some((x) => x.toLowerCase() === tag.toLowerCase())) setTags([...tagList, tag]);
    setTagText('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const all = tagText.trim() ? [...tagList, tagText.trim()] : tagList;
    const check = onboardingServicesSchema.safeParse({ categories: picked, tags: all });
    if (!check.success) {
      const found = issuesByField(check.error.issues);
      setLocalErrors(found);
      focusById(firstMatching(found, 'categories') && firstSlug ? firstCategoryId(firstSlug) : `${uid}-tag`);
      return;
    }
    setLocalErrors({});
    void run(
      () => saveServices({ categories: picked, tags: all }),
      () => {
        done.current = true;
        next();
      },
    );
  };
  const tagError = firstMatching(errors, 'tags');
  const categoryError = firstMatching(errors, 'categories');

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepIntro>{t('services.intro')}</StepIntro>
      <fieldset aria-describedby={categoryError ? `${uid}-cat-error` : undefined}>
        <legend className="text-sm font-semibold text-fg">{t('services.categories')}</legend>
        {categoryError && (
          <p id={`${uid}-cat-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {categoryError}
          </p>
        )}
        <div className="mt-2 space-y-4">
          {categories.data.groups.map((group) => (
            <div key={group.slug}>
              <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-fg">
                {labels.group(group.slug, group.name)}
              </h2>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {group.categories.map((cat) => (
                  <label
                    key={cat.slug}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border bg-card px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40 ${categoryError ? 'border-danger/60' : 'border-border'}`}
                  >
                    <input
                      id={firstCategoryId(cat.slug)}
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={picked.includes(cat.slug)}
                      aria-invalid={categoryError ? true : undefined}
                      onChange={() => toggle(cat.slug)}
                    />
                    <span className="text-fg">{labels.category(cat.slug, cat.name)}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <Field
        id={`${uid}-tag`}
        label={t('services.offer')}
        optional
        hint={t('services.offerHint')}
        error={tagError}
      >
        {(c) => (
          <div className="flex gap-2">
            <Input
              {...c}
              value={tagText}
              onChange={(e) => setTagText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTag();
                }
              }}
            />
            <button
              type="button"
              onClick={addTag}
              className="min-h-11 rounded-xl border border-border px-3 text-sm font-semibold text-fg hover:bg-muted"
            >
              {t('services.add')}
            </button>
          </div>
        )}
      </Field>
      {tagList.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('services.yours')}>
          {tagList.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm text-fg">
              {tag}
              <button
                type="button"
                aria-label={t('services.remove', { tag })}
                className="ml-1 text-muted-fg hover:text-danger"
                onClick={() => setTags(tagList.filter((x) => x !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} />
    </form>
  );
}
