export interface Counter {
  id: string;
  label: string;
  value: number | undefined;
}

/** A screen's row of figures (total, active, pending…); '…' while they load. */
export function Counters({ label, counters }: { label: string; counters: readonly Counter[] }) {
  return (
    <ul className="admin-counters" aria-label={label}>
      {counters.map((counter) => (
        <li key={counter.id} className="card admin-counter" data-testid={`counter-${counter.id}`}>
          <span className="admin-counter__value">{counter.value ?? '…'}</span>
          <span className="admin-counter__label">{counter.label}</span>
        </li>
      ))}
    </ul>
  );
}
