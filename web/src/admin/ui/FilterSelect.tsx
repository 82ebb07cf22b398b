interface FilterSelectProps {
  id: string;
  label: string;
  /** The choice that filters nothing ("Any"). */
  anyLabel: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [value: string, text: string]>;
  onChange(value: string): void;
}

/** One of a list page's filters: a labelled select whose empty choice means "any". */
export function FilterSelect({ id, label, anyLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="input" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
