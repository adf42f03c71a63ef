import type { ComponentProps, ReactNode } from 'react';
import { EmailInput, Field } from '../../../components/ui/field.tsx';
import { useAuthText } from '../i18n.ts';

/** The "Email" field of the sign-in, sign-up and reset forms; the rest goes to the input. */
export function EmailField({
  id,
  hint,
  error,
  ...input
}: { id: string; hint?: ReactNode; error?: string } & ComponentProps<typeof EmailInput>) {
  const { t } = useAuthText();
  return (
    <Field id={id} label={t('form.email')} hint={hint} error={error}>
      {(aria) => <EmailInput {...aria} placeholder="you@example.com" {...input} />}
    </Field>
  );
}
