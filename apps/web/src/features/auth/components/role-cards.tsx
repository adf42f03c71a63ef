import type { SignupRole } from '@adwuma/shared';
import { Briefcase, Search } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { useAuthText } from '../i18n.ts';

/** Spec 6: 'Find Services' gives customer; 'Become a Provider' gives explorer. */
const ROLE_CARDS = [
  { value: 'customer', title: 'form.roleCustomer', text: 'form.roleCustomerText', icon: Search },
  { value: 'explorer', title: 'form.roleProvider', text: 'form.roleProviderText', icon: Briefcase },
] as const satisfies readonly { value: SignupRole; title: string; text: string; icon: typeof Search }[];

type RadioProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** "I want to": the sign-up role choice (email and phone sign-up). `radio` gives each input's props. */
export function RoleCards({
  selected,
  radio,
}: {
  selected: SignupRole;
  radio: (value: SignupRole) => RadioProps;
}) {
  const { t } = useAuthText();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-fg">{t('form.roleLegend')}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2 sm:gap-3">
        {ROLE_CARDS.map((card) => {
          const Icon = card.icon;
          const checked = selected === card.value;
          return (
            <label
              key={card.value}
              className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 sm:p-4 ${
                checked
                  ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-800/25'
                  : 'border-border bg-card hover:bg-muted'
              }`}
            >
              <input type="radio" value={card.value} className="sr-only" {...radio(card.value)} />
              <Icon
                aria-hidden="true"
                className={`h-5 w-5 ${checked ? 'text-brand-700 dark:text-brand-500' : 'text-muted-fg'}`}
              />
              <span className="font-semibold text-fg">{t(card.title)}</span>
              <span className="text-xs text-muted-fg sm:text-sm">{t(card.text)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** intent=provider: the provider path is fixed; this says so instead of offering the choice. */
export function ProviderIntro() {
  const { t } = useAuthText();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand-500/40 bg-brand-50 p-4 text-sm dark:bg-brand-800/20">
      <Briefcase aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" />
      <p>
        <span className="font-semibold text-fg">{t('form.providerIntro')}</span>{' '}
        <span className="text-muted-fg">{t('form.providerIntroText')}</span>
      </p>
    </div>
  );
}
