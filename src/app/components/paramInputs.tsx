/** The enum and boolean controls of a config key, shared by the chunker panel and compare's B panel. */

export function EnumInput({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: readonly string[];
  value: unknown;
  onChange(value: string): void;
}) {
  return (
    <select id={id} data-testid={id} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

export function BooleanInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange(value: boolean): void;
}) {
  return (
    <input
      id={id}
      data-testid={id}
      type="checkbox"
      checked={value === true}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
