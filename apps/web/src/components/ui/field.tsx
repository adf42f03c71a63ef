import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and error. The error is linked through aria-describedby and
 * announced when it appears; the control gets aria-invalid.
 */
export function Field({
  id,
  label,
  hint,
  error,
  optional = false,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {label}
        {optional && <span className="ml-1 font-normal text-muted-fg">(optional)</span>}
      </label>
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted-fg">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

const CONTROL =
  'block w-full rounded-xl border border-border bg-card px-3.5 py-2.5 text-base text-fg placeholder:text-muted-fg/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/20 sm:text-sm';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className = '', ...rest }: InputProps) {
  return <input className={`${CONTROL} min-h-11 ${className}`} {...rest} />;
}

/** An amount in cedis: the decimal keypad, with the GH₵ sign drawn inside the box. */
export function CediInput({ className = '', ...props }: Omit<InputProps, 'type'>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-sm font-semibold text-muted-fg"
      >
        GH₵
      </span>
      <Input inputMode="decimal" autoComplete="off" className={`pl-14 ${className}`} {...props} />
    </div>
  );
}

/** An email address: the right keyboard on phones and the browser's saved address. */
export function EmailInput(props: Omit<InputProps, 'type'>) {
  return <Input type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** A phone number: the phone keypad and the browser's saved number. */
export function PhoneInput(props: Omit<InputProps, 'type'>) {
  return <Input type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

export function Textarea({
  className = '',
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={`${CONTROL} min-h-32 ${className}`} {...rest} />;
}

export function Select({
  className = '',
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <select className={`${CONTROL} min-h-11 appearance-auto ${className}`} {...rest}>
      {children}
    </select>
  );
}
