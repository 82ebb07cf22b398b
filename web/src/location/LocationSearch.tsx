import { LocateFixed } from '../shell/icons.js';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownPlace, LatLng } from '../../../domain/catalogue/index.js';
import { useDebouncedValue } from './useDebouncedValue.js';
import { GEOLOCATION_OPTIONS, nearestKnownPlace, nextActiveIndex, SEARCH_DEBOUNCE_MS, suggestionsFor } from './suggestions.js';

/** A chosen location: a known place, the device's position, or text the rider typed. */
export interface SelectedLocation {
  address: string;
  coordinates?: LatLng;
  placeId?: string;
}

export const locationOfPlace = (place: KnownPlace): SelectedLocation => ({
  address: place.name,
  coordinates: place.coordinates,
  placeId: place.id,
});

interface LocationSearchProps {
  label: string;
  placeholder?: string;
  /** The text in the input; the parent owns it so it can prefill and clear it. */
  value: string;
  onChange(text: string): void;
  onSelect(location: SelectedLocation): void;
  /** Offer "use my current location" (pickup inputs). */
  allowCurrentLocation?: boolean;
}

/**
 * A location input with suggestions from the bundled place directory, following the ARIA
 * combobox pattern: the list is a listbox, the active option is named by aria-activedescendant
 * while focus stays in the input. Spec 000 §4.4: popular places when focused and empty, a search
 * 300 ms after typing stops from two characters on, arrows to move, Enter to choose, Escape to close.
 */
export function LocationSearch({ label, placeholder, value, onChange, onSelect, allowCurrentLocation = false }: LocationSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const query = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  // Until the debounce settles on what is typed now, keep showing the list for what was typed before.
  const list = suggestionsFor(value.trim() === '' ? '' : query, focused && !dismissed);
  const options = list.kind === 'popular' || list.kind === 'results' ? list.places : [];
  const expanded = options.length > 0;
  const activeOption = active >= 0 && active < options.length ? options[active] : undefined;

  const choose = (place: KnownPlace) => {
    onChange(place.name);
    onSelect(locationOfPlace(place));
    setDismissed(true);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDismissed(false);
      setActive((current) => nextActiveIndex(current, options.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && list.kind !== 'closed') {
      event.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      console.warn('Geolocation is not supported by this browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const coordinates = { lat: position.coords.latitude, lng: position.coords.longitude };
        const place = nearestKnownPlace(coordinates);
        const address = place?.name ?? t('location.currentLocation');
        onChange(address);
        onSelect({ address, coordinates, ...(place ? { placeId: place.id } : {}) });
      },
      (error) => {
        setLocating(false);
        console.warn('Geolocation failed', error.message);
      },
      GEOLOCATION_OPTIONS,
    );
  };

  return (
    <div className="location-search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="location-search__row">
        <input
          id={id}
          type="text"
          role="combobox"
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.id}` : undefined}
          onChange={(event) => {
            onChange(event.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onFocus={() => {
            setFocused(true);
            setDismissed(false);
          }}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {allowCurrentLocation && (
          <button
            type="button"
            className="button button--ghost location-search__locate"
            onClick={locate}
            disabled={locating}
            aria-label={locating ? t('location.locating') : t('location.useCurrentLocation')}
            title={t('location.useCurrentLocation')}
          >
            {locating ? <span aria-hidden="true">…</span> : <LocateFixed aria-hidden="true" size={20} />}
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label={list.kind === 'popular' ? t('location.popular') : t('location.suggestions')} className="location-search__list" hidden={options.length === 0}>
        {list.kind === 'popular' && (
          <li role="presentation" className="location-search__heading">
            {t('location.popular')}
          </li>
        )}
        {options.map((place, index) => (
          <li
            key={place.id}
            id={`${id}-option-${place.id}`}
            role="option"
            aria-selected={index === active}
            className="location-search__option"
            // mousedown, not click: the input's blur would otherwise close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
          >
            <span className="location-search__name">{place.name}</span>
            <span className="location-search__detail">
              {t(`catalogue.placeCategories.${place.category}`)} · {place.city}
            </span>
          </li>
        ))}
      </ul>
      {list.kind === 'none' && <p className="location-search__empty">{t('location.noResults')}</p>}
      <p className="visually-hidden" aria-live="polite">
        {list.kind === 'results' ? t('location.resultsAvailable', { total: options.length }) : list.kind === 'none' ? t('location.noResults') : ''}
      </p>
    </div>
  );
}
