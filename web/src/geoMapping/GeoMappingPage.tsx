import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalculatedRoute } from '../../../contract/maps.js';
import { useStepText } from '../driver/DriverMap.js';
import { LocationSearch, type SelectedLocation } from '../location/LocationSearch.js';
import { RouteMap } from '../map/RouteMap.js';
import { contributionStatsQuery, geoMappingApi, geoMappingKeys, pendingEncodingsQuery, type PendingEncoding } from './geoMappingApi.js';
import './geoMapping.css';

interface Place {
  text: string;
  location?: SelectedLocation;
}

/** Street names as the contributor adds them: trimmed, no blanks, no repeats in another case. */
export function withStreet(streets: readonly string[], typed: string): string[] {
  const street = typed.trim().replace(/\s+/g, ' ');
  if (!street || streets.some((known) => known.toLowerCase() === street.toLowerCase())) return [...streets];
  return [...streets, street];
}

/**
 * The geo-mapping page (spec 001 §2): encode a route (start and end, calculate it along the
 * roads, add the streets it takes as removable tags, submit), verify other people's routes
 * (Accurate / Needs Fix, n/4), and the contributor's four counters. The server decides who may
 * encode and verify (signed-in riders and drivers, never their own).
 */
export function GeoMappingPage() {
  const { t } = useTranslation();
  return (
    <div className="geo-mapping">
      <div className="geo-mapping__columns">
        <div className="geo-mapping__left">
          <EncodeRoute />
          <VerifyRoutes />
        </div>
      </div>
      <Contributions />
      <p className="fine-print">{t('geo.rules')}</p>
    </div>
  );
}

function EncodeRoute() {
  const { t } = useTranslation();
  const stepText = useStepText();
  const queryClient = useQueryClient();
  const id = useId();
  const [start, setStart] = useState<Place>({ text: '' });
  const [end, setEnd] = useState<Place>({ text: '' });
  const [streets, setStreets] = useState<string[]>([]);
  const [street, setStreet] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [calculated, setCalculated] = useState<CalculatedRoute | null>(null);

  const calculate = useMutation({
    mutationFn: () => geoMappingApi.calculate({ waypoints: [start.location!.coordinates!, end.location!.coordinates!] }),
    onSuccess: (answer) => setCalculated(answer),
    onError: () => setProblem(t('geo.encode.calculateFailed')),
  });
  const submit = useMutation({
    mutationFn: () =>
      geoMappingApi.submit({
        startAddress: start.text.trim(),
        endAddress: end.text.trim(),
        streetNames: streets,
        coordinates: calculated?.route.geometry ?? [start.location!.coordinates!, end.location!.coordinates!],
      }),
    onSuccess: () => {
      setDone(true);
      setStart({ text: '' });
      setEnd({ text: '' });
      setStreets([]);
      setCalculated(null);
      void queryClient.invalidateQueries({ queryKey: geoMappingKeys.stats });
    },
    onError: () => setProblem(t('geo.encode.failed')),
  });

  const located = Boolean(start.location?.coordinates && end.location?.coordinates);
  const onCalculate = () => {
    setDone(false);
    if (!start.text.trim() || !end.text.trim()) return setProblem(t('geo.encode.missing'));
    if (!located) return setProblem(t('geo.encode.pickPlaces'));
    setProblem(null);
    calculate.mutate();
  };
  const onSubmit = () => {
    setDone(false);
    if (!start.text.trim() || !end.text.trim() || streets.length === 0) return setProblem(t('geo.encode.incomplete'));
    if (!located) return setProblem(t('geo.encode.pickPlaces'));
    setProblem(null);
    submit.mutate();
  };
  const addStreet = () => {
    setStreets((known) => withStreet(known, street));
    setStreet('');
  };
  const onStreetKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addStreet();
    }
  };
  const route = calculated?.route;

  return (
    <section className="card geo-mapping__encode" aria-labelledby={`${id}-title`} data-testid="encode-route">
      <h2 id={`${id}-title`}>{t('geo.encode.title')}</h2>
      <LocationSearch
        label={t('geo.encode.start')}
        value={start.text}
        onChange={(text) => {
          setStart({ text });
          setCalculated(null);
        }}
        onSelect={(location) => {
          setStart({ text: location.address, location });
          setCalculated(null);
        }}
      />
      <LocationSearch
        label={t('geo.encode.end')}
        value={end.text}
        onChange={(text) => {
          setEnd({ text });
          setCalculated(null);
        }}
        onSelect={(location) => {
          setEnd({ text: location.address, location });
          setCalculated(null);
        }}
      />
      <button type="button" className="button button--secondary" onClick={onCalculate} disabled={calculate.isPending} data-testid="calculate-route">
        {calculate.isPending ? t('geo.encode.calculating') : t('geo.encode.calculate')}
      </button>
      <RouteMap
        label={t('geo.encode.mapLabel')}
        pickup={start.location?.coordinates}
        dropoff={end.location?.coordinates}
        route={route?.geometry}
        routeIsStraight={route?.source === 'great_circle'}
        routeAttribution={route?.attribution}
      />
      {route && (
        <div className="geo-mapping__directions" data-testid="calculated-route">
          <h3>{t('geo.encode.directions')}</h3>
          <p>{t('geo.encode.calculated', { distance: route.distanceKm.toFixed(1), duration: Math.ceil(route.durationMin) })}</p>
          {calculated.steps.length > 0 && (
            <ol>
              {calculated.steps.map((step, index) => (
                <li key={index}>{stepText(step)}</li>
              ))}
            </ol>
          )}
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-street`}>
          {t('geo.encode.street')}
        </label>
        <div className="geo-mapping__street-entry">
          <input
            id={`${id}-street`}
            className="input"
            value={street}
            maxLength={120}
            onChange={(event) => setStreet(event.target.value)}
            onKeyDown={onStreetKey}
            data-testid="street-input"
          />
          <button type="button" className="button button--secondary" onClick={addStreet}>
            {t('geo.encode.add')}
          </button>
        </div>
      </div>
      {streets.length > 0 && (
        <ul className="chip-list geo-mapping__streets" aria-label={t('geo.encode.streets')}>
          {streets.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="badge geo-mapping__street"
                aria-label={t('geo.encode.removeStreet', { street: name })}
                onClick={() => setStreets((known) => known.filter((other) => other !== name))}
              >
                {name} ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="field__error" role="alert" data-testid="encode-problem">
          {problem}
        </p>
      )}
      {done && (
        <p className="notice notice--success" role="status" data-testid="encode-done">
          {t('geo.encode.submitted')}
        </p>
      )}
      <button type="button" className="button button--primary" onClick={onSubmit} disabled={submit.isPending} data-testid="submit-encoding">
        {submit.isPending ? t('geo.encode.submitting') : t('geo.encode.submit')}
      </button>
    </section>
  );
}

function VerifyRoutes() {
  const { t } = useTranslation();
  const pending = useQuery(pendingEncodingsQuery());
  return (
    <section className="card geo-mapping__verify" aria-labelledby="verify-routes-title" data-testid="verify-routes">
      <h2 id="verify-routes-title">{t('geo.verify.title')}</h2>
      {pending.isPending && <p role="status">{t('geo.verify.loading')}</p>}
      {pending.isError && (
        <p className="notice" role="alert">
          {t('geo.verify.loadFailed')}
        </p>
      )}
      {pending.data && pending.data.length === 0 && <p>{t('geo.verify.empty')}</p>}
      {pending.data && pending.data.length > 0 && (
        <ul className="geo-mapping__pending">
          {pending.data.map((encoding) => (
            <PendingRoute key={`${encoding.id}-${encoding.revision}`} encoding={encoding} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRoute({ encoding }: { encoding: PendingEncoding }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const vote = useMutation({
    mutationFn: (isAccurate: boolean) => geoMappingApi.verify(encoding.id, isAccurate, encoding.revision),
    onSuccess: () => {
      // The list leaves out what you voted on: it drops from it once the read model has the vote.
      queryClient.setQueryData<PendingEncoding[]>(geoMappingKeys.pending, (list) => list?.filter((other) => other.id !== encoding.id));
      void queryClient.invalidateQueries({ queryKey: geoMappingKeys.stats });
    },
  });
  return (
    <li className="geo-mapping__pending-route" data-testid="pending-route">
      <p>
        <strong>{encoding.startAddress}</strong> → <strong>{encoding.endAddress}</strong>
      </p>
      <p className="fine-print">
        {t('geo.verify.streets', { count: encoding.streetNames.length })} ·{' '}
        <span data-testid="verifications">{t('geo.verify.progress', { count: encoding.verifications, required: encoding.verificationsRequired })}</span>
      </p>
      <div className="geo-mapping__votes">
        <button type="button" className="button button--primary" disabled={vote.isPending} onClick={() => vote.mutate(true)}>
          {t('geo.verify.accurate')}
        </button>
        <button type="button" className="button button--secondary" disabled={vote.isPending} onClick={() => vote.mutate(false)}>
          {t('geo.verify.needsFix')}
        </button>
      </div>
      {vote.isError && (
        <p className="field__error" role="alert">
          {t('geo.verify.failed')}
        </p>
      )}
    </li>
  );
}

function Contributions() {
  const { t } = useTranslation();
  const stats = useQuery(contributionStatsQuery());
  const counters = [
    ['routesEncoded', stats.data?.routesEncoded],
    ['verifiedRoutes', stats.data?.verifiedRoutes],
    ['verificationsGiven', stats.data?.verificationsGiven],
    ['streetsMapped', stats.data?.streetsMapped],
  ] as const;
  return (
    <section className="card geo-mapping__stats" aria-labelledby="contributions-title" data-testid="contributions">
      <h2 id="contributions-title">{t('geo.stats.title')}</h2>
      <dl className="geo-mapping__counters">
        {counters.map(([key, value]) => (
          <div key={key} className="geo-mapping__counter" data-testid={`stat-${key}`}>
            <dt>{t(`geo.stats.${key}`)}</dt>
            <dd>{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
