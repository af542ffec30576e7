import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { jobsApi } from '@kc/domain/jobs/api-paths.ts';
import { CITY_TYPEAHEAD_MAX } from '@kc/domain/jobs/rules.ts';
import type { TJobCityList } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALL_CITIES } from '../lib/search-params.ts';
import './jobs.css';

type TCity = TJobCityList['content'][number];

/** The answers already received, by text (the same text is not asked twice in a visit). */
const cache = new Map<string, TCity[]>();
const CACHE_MAX = 50;

async function fetchCities(text: string, signal: AbortSignal): Promise<TCity[]> {
  const known = cache.get(text);
  if (known) return known;
  const list = await apiRequest<TJobCityList>(jobsApi.cities(new URLSearchParams({ q: text }).toString()), { signal });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(text, list.content);
  return list.content;
}

/** Forgets the answers (tests). */
export function clearCityCache(): void {
  cache.clear();
}

interface TOption {
  id: string;
  name: string;
}

/**
 * The city typeahead of the light jobs pages (specification 5): the lookups' cities filtered by
 * the server as one types (minimum length 0: an empty box lists them all), at most 100 results,
 * 'No matches found.' when none, a menu at most 300 px high. The WAI-ARIA combobox pattern: a text
 * box with a listbox popup, the active option through aria-activedescendant; ↓/↑ move (↓ or
 * Alt+↓ opens), Enter chooses, Escape closes, Tab leaves. Leaving without choosing puts the chosen
 * city's name back. `withAll` offers 'All cities' with the full list.
 */
export function CityCombobox({
  value,
  valueName,
  onChange,
  withAll = true,
  label,
}: {
  value: string;
  valueName: string;
  onChange: (cityId: string, cityName: string) => void;
  withAll?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('jobsScreens');
  const id = useId();
  const listId = `${id}-list`;
  const selectedName = value === ALL_CITIES ? (withAll ? t('search.allCities') : '') : valueName;
  const [text, setText] = useState(selectedName);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [cities, setCities] = useState<{ text: string; list: TCity[] } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  // The selection changed from outside (the list page's URL): show its name.
  useEffect(() => setText(selectedName), [selectedName]);

  // The text typed (not the chosen city's own name) narrows the list; an empty one lists them all.
  const query = (text === selectedName ? '' : text).trim();
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    // A short pause while typing; the first list (empty text) at once.
    const timer = setTimeout(
      () =>
        fetchCities(query, controller.signal).then(
          (list) => {
            setFailed(false);
            setCities({ text: query, list });
          },
          () => {
            if (!controller.signal.aborted) setFailed(true);
          },
        ),
      query === '' || cache.has(query) ? 0 : 150,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);

  const found = (cities?.list ?? []).slice(0, CITY_TYPEAHEAD_MAX).map((city) => ({ id: city.id, name: city.name }));
  const options: TOption[] = withAll && query === '' ? [{ id: ALL_CITIES, name: t('search.allCities') }, ...found] : found;
  const loading = open && cities?.text !== query && !failed;
  const showList = open && options.length > 0 && !(loading && cities === undefined);
  const nothingFound = open && !loading && !failed && cities?.text === query && options.length === 0;

  // Keep the active option in view while moving with the keys.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (option: TOption) => {
    onChange(option.id, option.id === ALL_CITIES ? '' : option.name);
    setText(option.id === ALL_CITIES ? t('search.allCities') : option.name);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open || event.altKey) {
          setOpen(true);
          return;
        }
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        return;
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          // Choosing a city does not send the form.
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (text !== selectedName) {
          setText(selectedName);
        }
        return;
      default:
    }
  };

  const activeId = showList && active >= 0 && options[active] ? `${id}-opt-${options[active].id}` : undefined;
  return (
    <div className="kc-jobs-field kc-jobs-combobox">
      <label htmlFor={id} className="kc-jobs-label">
        {label ?? t('search.city')}
      </label>
      <input
        id={id}
        type="text"
        className="kc-jobs-input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.cityPlaceholder')}
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onFocus={(event) => event.currentTarget.select()}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          // Leaving without choosing: an emptied box means 'all' where it is offered, else the chosen city stays.
          if (withAll && text.trim() === '' && value !== ALL_CITIES) onChange(ALL_CITIES, '');
          else setText(selectedName);
        }}
      />
      {showList ? (
        <ul ref={listRef} id={listId} role="listbox" aria-label={label ?? t('search.city')} className="kc-jobs-listbox">
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${id}-opt-${option.id}`}
              role="option"
              data-index={index}
              aria-selected={option.id === value}
              data-active={index === active ? 'true' : undefined}
              // The text box keeps the focus; the choice is made on the press.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => active !== index && setActive(index)}
            >
              {option.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div role="status" className={nothingFound || (open && failed) ? 'kc-jobs-listbox kc-jobs-nothing' : 'kc-visually-hidden'}>
        {nothingFound ? t('search.nothingFound') : open && failed ? t('search.citiesError') : ''}
      </div>
    </div>
  );
}
