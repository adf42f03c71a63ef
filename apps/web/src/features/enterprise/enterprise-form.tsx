import { type EnterpriseLeadInput, enterpriseLeadSchema, TEAM_SIZES } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { EmailInput, Field, Input, PhoneInput, Select, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { type EnterpriseLeadCreated, useCreateEnterpriseLead } from './api/create-enterprise-lead.ts';

type FieldName = keyof EnterpriseLeadInput;
const FIELDS: readonly FieldName[] = ['name', 'company', 'email', 'phone', 'team_size', 'needs'];

export const TEAM_SIZE_LABELS: Record<(typeof TEAM_SIZES)[number], string> = {
  '1-10': '1–10 people',
  '11-50': '11–50 people',
  '51-200': '51–200 people',
  '201-1000': '201–1,000 people',
  '1000+': 'More than 1,000 people',
};

const EMPTY = {
  name: '',
  company: '',
  email: '',
  phone: '',
  // The select starts on its placeholder; the schema answers 'Please choose a team size'.
  team_size: '' as EnterpriseLeadInput['team_size'],
  needs: '',
};

export function EnterpriseForm() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const mutation = useCreateEnterpriseLead();
  const [done, setDone] = useState<{ result: EnterpriseLeadCreated; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(enterpriseLeadSchema), defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (lead) => {
    setFormError(null);
    try {
      const result = await mutation.mutateAsync(lead);
      setDone({ result, email: lead.email });
      toast.success('Inquiry sent', { description: result.message });
      reset(EMPTY);
      requestAnimationFrame(() => successRef.current?.focus());
    } catch (error) {
      const byField = fieldErrors(error);
      const known = FIELDS.filter((f) => byField[f]);
      known.forEach((field, i) => {
        setError(field, { type: 'server', message: byField[field] }, { shouldFocus: i === 0 });
      });
      if (known.length === 0) {
        const message =
          error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
        setFormError(message);
        toast.error('Your inquiry was not sent', { description: message });
      }
    }
  });

  if (done) {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        className="rounded-2xl border border-leaf-600/30 bg-card p-6 shadow-sm focus:outline-none sm:p-8"
      >
        <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-leaf-600" />
        <h2 className="mt-4 text-2xl font-bold">Inquiry received</h2>
        <p className="mt-2 text-muted-fg">{done.result.message}</p>
        <p className="mt-2 text-sm text-muted-fg">
          A copy is on its way to <strong className="text-fg">{done.email}</strong>.
        </p>
        <h3 className="mt-6 font-semibold">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-muted-fg">
          <li>An account manager reads your needs and checks provider cover in your locations.</li>
          <li>We call or email you to agree scope, sites and payment terms.</li>
          <li>Your team account is set up, with invoicing and a pilot on one site if you like.</li>
        </ol>
        <div className="mt-6 flex flex-wrap gap-2">
          <ButtonLink to={ROUTES.pricing} variant="outline">
            Back to pricing
          </ButtonLink>
          <Button variant="ghost" onClick={() => setDone(null)}>
            Send another inquiry
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={id('title')}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
    >
      <h2 id={id('title')} className="text-xl font-bold">
        Tell us about your business
      </h2>
      <p className="mt-1 text-sm text-muted-fg">All fields are required unless marked optional.</p>
      {formError && (
        <Alert tone="danger" role="alert" title="Your inquiry was not sent" className="mt-5">
          {formError}
        </Alert>
      )}
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <Field id={id('name')} label="Your name" error={errors.name?.message}>
          {(aria) => <Input {...aria} autoComplete="name" {...register('name')} />}
        </Field>
        <Field id={id('company')} label="Company or organisation" error={errors.company?.message}>
          {(aria) => <Input {...aria} autoComplete="organization" {...register('company')} />}
        </Field>
        <Field id={id('email')} label="Work email" error={errors.email?.message}>
          {(aria) => <EmailInput {...aria} {...register('email')} />}
        </Field>
        <Field
          id={id('phone')}
          label="Phone"
          optional
          hint="With the country code, e.g. +233 24 123 4567"
          error={errors.phone?.message}
        >
          {(aria) => <PhoneInput {...aria} placeholder="+233" {...register('phone')} />}
        </Field>
        <div className="sm:col-span-2">
          <Field id={id('team_size')} label="Team size" error={errors.team_size?.message}>
            {(aria) => (
              <Select {...aria} {...register('team_size')}>
                <option value="">Choose how many people</option>
                {TEAM_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {TEAM_SIZE_LABELS[size]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            id={id('needs')}
            label="What do you need?"
            hint="Services, locations and how often, e.g. weekly office cleaning for 3 branches in Accra and Kumasi."
            error={errors.needs?.message}
          >
            {(aria) => <Textarea {...aria} rows={5} {...register('needs')} />}
          </Field>
        </div>
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" busy={mutation.isPending}>
        {!mutation.isPending && <Send aria-hidden="true" className="h-4 w-4" />}
        {mutation.isPending ? 'Sending...' : 'Send inquiry'}
      </Button>
      <p className="mt-3 text-xs text-muted-fg">
        We use these details only to answer your inquiry. See our{' '}
        <AppLink to={ROUTES.privacy} className="underline">
          privacy notice
        </AppLink>
        .
      </p>
    </form>
  );
}
