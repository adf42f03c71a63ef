import { FUNNEL_PRESETS, resolveRange } from '@adwuma/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { type DashboardRange, presetParams, type RangeChoice } from './range.ts';

const CHOICES: readonly { value: RangeChoice; label: string }[] = [
  ...FUNNEL_PRESETS.map((days) => ({ value: days, label: `Last ${days} days` })),
  { value: 'custom', label: 'Custom' },
];

const CHIP =
  'relative flex min-h-11 cursor-pointer items-center justify-center whitespace-nowrap rounded-full border border-border bg-card px-4 text-sm font-semibold text-muted-fg transition-colors hover:text-fg has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--ring)]';

/**
 * Last 7 / 30 / 90 days or a custom pair of dates, kept in the address (?start=&end=) so a view can
 * be shared and the back button works. A custom range is checked with the server's own rule first.
 */
export function RangePicker({ current }: { current: DashboardRange }) {
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState<RangeChoice>(current.choice);
  const [start, setStart] = useState(current.range?.start ?? params.get('start') ?? '');
  const [end, setEnd] = useState(current.range?.end ?? params.get('end') ?? '');
  const [problem, setProblem] = useState<{ field: 'start' | 'end'; message: string } | null>(null);
  const id = useId();

  // The address changed (back button, a preset): the inputs follow.
  const shownStart = current.range?.start;
  const shownEnd = current.range?.end;
  useEffect(() => {
    setChoice(current.choice);
    if (shownStart && shownEnd) {
      setStart(shownStart);
      setEnd(shownEnd);
    }
  }, [current.choice, shownStart, shownEnd]);

  function pick(next: RangeChoice) {
    setChoice(next);
    setProblem(null);
    if (next !== 'custom') setParams(presetParams(next));
  }

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const resolved = resolveRange({ start: start || undefined, end: end || undefined }, new Date());
    if ('message' in resolved) {
      setProblem(resolved);
      return;
    }
    setProblem(null);
    const next = new URLSearchParams(params);
    next.set('start', resolved.start);
    next.set('end', resolved.end);
    setParams(next);
  }

  const startError = problem?.field === 'start' ? problem.message : undefined;
  const endError = problem?.field === 'end' ? problem.message : undefined;
  return (
    <div className="grid gap-3">
      <fieldset className="min-w-0">
        <legend className="sr-only">Date range</legend>
        <div className="flex flex-wrap gap-2">
          {CHOICES.map((option) => (
            <label key={option.value} className={CHIP}>
              <input
                type="radio"
                name={`${id}-range`}
                value={String(option.value)}
                checked={choice === option.value}
                onChange={() => pick(option.value)}
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'custom' && (
        <form
          aria-label="Custom date range"
          onSubmit={applyCustom}
          noValidate
          className="flex flex-wrap items-end gap-3"
        >
          <div className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor={`${id}-start`} className="block text-sm font-semibold">
              From
            </label>
            <Input
              id={`${id}-start`}
              type="date"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-invalid={startError ? true : undefined}
              aria-describedby={startError ? `${id}-problem` : undefined}
              className="mt-1.5"
            />
          </div>
          <div className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor={`${id}-end`} className="block text-sm font-semibold">
              To
            </label>
            <Input
              id={`${id}-end`}
              type="date"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? `${id}-problem` : undefined}
              className="mt-1.5"
            />
          </div>
          <Button type="submit" variant="outline">
            Apply
          </Button>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="w-full text-sm font-medium text-danger">
              {problem.message}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
