import type { ButtonHTMLAttributes } from 'react';

/** A button that reads as a link: "Back to sign in", "Forgot your password?". */
export function TextButton({ className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`${className} text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500`.trim()}
      {...rest}
    />
  );
}
