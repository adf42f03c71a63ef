import type { CategoryGroup } from '@adwuma/shared';
import type { ComponentProps } from 'react';
import { Select } from './field.tsx';

/**
 * A category `<select>`: an empty first option (`placeholder`), then the categories under their
 * groups. `value` stays selectable before the groups have loaded when `keepValue` is set.
 */
export function CategorySelect({
  groups,
  placeholder,
  keepValue = false,
  ...rest
}: ComponentProps<typeof Select> & {
  groups: CategoryGroup[] | undefined;
  placeholder: string;
  keepValue?: boolean;
}) {
  const value = typeof rest.value === 'string' ? rest.value : '';
  return (
    <Select {...rest}>
      <option value="">{placeholder}</option>
      {groups?.map((g) => (
        <optgroup key={g.slug} label={g.name}>
          {g.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </optgroup>
      ))}
      {keepValue && value && !groups && <option value={value}>{value}</option>}
    </Select>
  );
}
