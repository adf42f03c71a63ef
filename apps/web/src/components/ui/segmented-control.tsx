import { type ReactNode, useId } from 'react';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
}

/**
 * A choice of two or three, drawn as one pill of buttons: native radios underneath, so arrow keys,
 * the accessible name and the checked state come from the browser.
 */
export function SegmentedControl<V extends string>({
  legend,
  options,
  value,
  onChange,
  name,
  className = '',
}: {
  /** Names the group for assistive technology (hidden). */
  legend: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  name?: string;
  className?: string;
}) {
  const autoName = useId();
  const group = name ?? autoName;
  return (
    <fieldset
      className={`inline-flex min-w-0 rounded-full border border-border bg-card p-1 shadow-sm ${className}`}
    >
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="relative flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-semibold text-muted-fg transition-colors has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--ring)] hover:text-fg has-[:checked]:hover:text-white"
        >
          <input
            type="radio"
            name={group}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            // Invisible but covering the whole pill: a tap anywhere on it is a tap on the radio.
            className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
