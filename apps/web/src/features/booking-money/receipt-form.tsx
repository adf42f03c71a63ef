import { MONEY_MESSAGES, parseMoney } from '@adwuma/shared';
import { Camera } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CediInput, Field, Input } from '../../components/ui/field.tsx';
import { FilePick } from '../../components/ui/file-pick.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useAddReceipt } from './api/booking-money.ts';
import { MATERIALS_TEXT } from './money-text.ts';

const DESCRIPTION_MAX = 200;

type Problems = Partial<Record<'file' | 'amount' | 'description', string>>;

/** Starter: a photo of a material receipt with its amount, paid back with the earnings. */
export function ReceiptForm({ bookingId }: { bookingId: string }) {
  const id = useId();
  const add = useAddReceipt(bookingId);
  const [file, setFile] = useState<File | null>(null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(amount);
    const next: Problems = {};
    if (!file) next.file = MATERIALS_TEXT.needPhoto;
    if (minor === null) next.amount = MONEY_MESSAGES.invalid;
    else if (minor <= 0) next.amount = MATERIALS_TEXT.aboveZero;
    if (!description.trim()) next.description = MATERIALS_TEXT.needDescription;
    setProblems(next);
    if (Object.keys(next).length > 0 || !file || minor === null) return;
    add.mutate(
      { file, amountMinor: minor, description: description.trim() },
      {
        onSuccess: () => {
          toast.success(MATERIALS_TEXT.receiptAdded);
          setFile(null);
          setAmount('');
          setDescription('');
        },
      },
    );
  };
  const server = fieldErrors(add.error);
  const serverShown = Boolean(server.amount_minor || server.description || server.file);

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <h3 className="font-bold">{MATERIALS_TEXT.receiptTitle}</h3>
      <p className="text-sm text-muted-fg">{MATERIALS_TEXT.receiptLead}</p>
      <div>
        <p className="text-sm font-semibold">{MATERIALS_TEXT.photo}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-3">
          <FilePick
            label={file ? MATERIALS_TEXT.changePhoto : MATERIALS_TEXT.choosePhoto}
            icon={<Camera aria-hidden="true" className="h-4 w-4" />}
            accept="image/jpeg,image/png,image/webp,image/heic"
            capture="environment"
            className="flex-none"
            describedBy={problems.file ? `${id}-file-error` : undefined}
            onFile={setFile}
          />
          {file && <span className="min-w-0 truncate text-sm text-muted-fg">{file.name}</span>}
        </div>
        {(problems.file ?? server.file) && (
          <p id={`${id}-file-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {problems.file ?? server.file}
          </p>
        )}
      </div>
      <Field id={`${id}-amount`} label={MATERIALS_TEXT.amount} error={problems.amount ?? server.amount_minor}>
        {(control) => <CediInput {...control} value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <Field
        id={`${id}-description`}
        label={MATERIALS_TEXT.description}
        error={problems.description ?? server.description}
      >
        {(control) => (
          <Input
            {...control}
            value={description}
            maxLength={DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      {add.isError && !serverShown && (
        <Alert tone="danger" role="alert">
          {add.error.message}
        </Alert>
      )}
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" busy={add.isPending}>
        {MATERIALS_TEXT.addReceipt}
      </Button>
    </form>
  );
}
