import type { ComponentProps, ReactNode } from 'react';
import { EmailInput, Field } from '../../../components/ui/field.tsx';

/** The "Email" field of the sign-in, sign-up and reset forms; the rest goes to the input. */
export function EmailField({
  id,
  hint,
  error,
  ...input
}: { id: string; hint?: ReactNode; error?: string } & ComponentProps<typeof EmailInput>) {
  return (
    <Field id={id} label="Email" hint={hint} error={error}>
      {(aria) => <EmailInput {...aria} placeholder="you@example.com" {...input} />}
    </Field>
  );
}
