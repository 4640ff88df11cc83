/** The enum and boolean controls of a config key, shared by the chunker panel and compare's B panel. */

export function EnumInput({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: readonly (string | boolean)[];
  value: unknown;
  onChange(value: string | boolean): void;
}) {
  // An option's value is its text; a boolean option (keep_separator's true/false) goes back as a boolean.
  const pick = (text: string) => options.find((o) => String(o) === text) ?? text;
  return (
    <select
      id={id}
      data-testid={id}
      value={String(value)}
      onChange={(e) => onChange(pick(e.currentTarget.value))}
    >
      {options.map((o) => (
        <option key={String(o)} value={String(o)}>
          {String(o)}
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
