import { useMemo } from 'react';
import { useJobsText } from '../i18n.ts';

/** The words of the job form, for posting and for editing, in the page's language (jobs.json "form"). */
export function useJobFormText() {
  const { t } = useJobsText();
  return useMemo(() => {
    const f = (key: string) => t(`form.${key}`);
    return {
      t,
      step: (n: number, total: number) => t('form.step', { n, total }),
      category: f('category'),
      chooseCategory: f('chooseCategory'),
      jobTitle: f('jobTitle'),
      titleHint: f('titleHint'),
      description: f('description'),
      descriptionHint: f('descriptionHint'),
      whenLegend: f('whenLegend'),
      date: f('date'),
      firstDay: f('firstDay'),
      lastDay: f('lastDay'),
      budgetMin: f('budgetMin'),
      budgetMax: f('budgetMax'),
      budgetHint: f('budgetHint'),
      budgetPreview: (text: string) => t('form.budgetPreview', { text }),
      back: f('back'),
      next: f('next'),
      edit: f('edit'),
      post: {
        budgetTitle: f('post.budgetTitle'),
        reviewTitle: f('post.reviewTitle'),
        submit: f('post.submit'),
        failed: f('post.failed'),
      },
      change: {
        budgetTitle: f('change.budgetTitle'),
        reviewTitle: f('change.reviewTitle'),
        submit: f('change.submit'),
        failed: f('change.failed'),
        done: f('change.done'),
        cancel: f('change.cancel'),
        photosHere: f('change.photosHere'),
        photosElsewhere: f('change.photosElsewhere'),
      },
      photoCount: (n: number) => (n === 0 ? f('noPhotos') : t('form.photoCount', { count: n })),
      stepLabel: (id: string) => f(`stepLabels.${id}`),
      stepTitle: (id: string) => f(`stepTitles.${id}`),
    };
  }, [t]);
}
