import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, normalizeDialingCode, type Country } from './countries';
import { Flag } from './flag';
import { resolveCurrentCountry } from './current-country';
import './country-code-picker.css';

/** Spec 2.CC.06 / 9: the dropdown closes this long after the field loses focus. */
export const COUNTRY_DROPDOWN_CLOSE_DELAY_MS = 200;

export type CountryCodePickerProps = {
  /** Dialling code to preselect ('66' or '+66'); used when it is in the list (2.CC.03). */
  initialCode?: string | null;
  /** Reports the chosen dialling code (digits only, e.g. '66') and ISO country code (2.CC.05). */
  onChange?: (dialingCode: string, countryCode: string) => void;
  /** A country known for the visitor (e.g. the permission call's location.country); see 2.CC.04. */
  currentCountry?: string | null;
  /** Countries offered; default the shipped list (countries.ts). */
  countries?: readonly Country[];
  /** Accessible name; default the translated "Country code". */
  label?: string;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  'data-testid'?: string;
};

function findByDialingCode(countries: readonly Country[], code: string | null | undefined): Country | undefined {
  const digits = normalizeDialingCode(code);
  return digits ? countries.find((c) => c.countryDialingCode === digits) : undefined;
}

/**
 * Country dialling-code picker (spec 2.CC): a read-only field with flag and +code; a click opens the
 * country list (select-only combobox: arrows, Home/End, Enter, Escape). The list closes 200 ms after
 * focus leaves the picker, so a click inside the list still registers.
 */
export function CountryCodePicker({
  initialCode,
  onChange,
  currentCountry,
  countries = COUNTRIES,
  label,
  id,
  disabled,
  invalid,
  className,
  'data-testid': testId = 'country-code-picker',
}: CountryCodePickerProps) {
  const { t, i18n } = useTranslation('ui');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const generatedId = useId();
  const fieldId = id ?? `${generatedId}-field`;
  const listId = `${generatedId}-list`;
  const optionId = (code: string) => `${generatedId}-option-${code}`;

  const [selected, setSelected] = useState<Country | undefined>(
    () => findByDialingCode(countries, initialCode) ?? resolveCurrentCountry(countries, language, currentCountry),
  );
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  // A new initialCode from the parent (e.g. restored asynchronously) re-selects when it is listed.
  const [prevInitial, setPrevInitial] = useState(initialCode);
  if (initialCode !== prevInitial) {
    setPrevInitial(initialCode);
    const match = findByDialingCode(countries, initialCode);
    if (match) setSelected(match);
  }

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // When the default came from the current country (no usable initialCode), tell the parent once so
  // its form value matches what the field shows.
  const reportedDefault = useRef(false);
  useEffect(() => {
    if (reportedDefault.current || !selected) return;
    reportedDefault.current = true;
    if (normalizeDialingCode(initialCode) !== selected.countryDialingCode) {
      onChangeRef.current?.(selected.countryDialingCode, selected.countryCode);
    }
  }, [selected, initialCode]);

  const names = useMemo(() => {
    let display: Intl.DisplayNames | null = null;
    try {
      display = new Intl.DisplayNames([language ?? 'th', 'en'], { type: 'region' });
    } catch {
      display = null;
    }
    return new Map(countries.map((c) => [c.countryCode, display?.of(c.countryCode) ?? c.name]));
  }, [countries, language]);

  const closeTimer = useRef<number | undefined>(undefined);
  const cancelClose = () => {
    if (closeTimer.current !== undefined) window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  useEffect(() => cancelClose, []);

  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const openList = () => {
    if (disabled) return;
    setActiveIndex(Math.max(0, countries.findIndex((c) => c.countryCode === selected?.countryCode)));
    setOpen(true);
  };

  const choose = (country: Country) => {
    cancelClose();
    setSelected(country);
    setOpen(false);
    inputRef.current?.focus();
    onChange?.(country.countryDialingCode, country.countryCode);
  };

  // Keep the active option visible while moving with the keyboard.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const country = countries[activeIndex];
    if (!country) return;
    const el = document.getElementById(`${generatedId}-option-${country.countryCode}`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, countries, generatedId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    const last = countries.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActiveIndex(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActiveIndex(last);
        }
        break;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const active = countries[activeIndex];
        if (open && active) choose(active);
        else if (!open) openList();
        break;
      }
      case 'Escape':
        if (open) {
          // Only close the list, not a modal around the picker.
          event.preventDefault();
          event.stopPropagation();
          event.nativeEvent.stopImmediatePropagation();
          setOpen(false);
        }
        break;
      default:
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = undefined;
      setOpen(false);
    }, COUNTRY_DROPDOWN_CLOSE_DELAY_MS);
  };

  const active = open ? countries[activeIndex] : undefined;
  const display = selected ? `+${selected.countryDialingCode}` : '';

  return (
    <div
      className={`ui-cc${open ? ' ui-cc--open' : ''}${invalid ? ' ui-cc--invalid' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onBlur={onBlur}
      onFocus={cancelClose}
    >
      <div className="ui-cc__field" onClick={() => (open ? setOpen(false) : openList())}>
        <Flag countryCode={selected?.countryCode} testId={`${testId}-flag`} />
        <input
          ref={inputRef}
          id={fieldId}
          className="ui-cc__input"
          type="text"
          readOnly
          value={display}
          disabled={disabled}
          role="combobox"
          aria-label={label ?? t('countryCode')}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active.countryCode) : undefined}
          aria-invalid={invalid || undefined}
          title={selected ? names.get(selected.countryCode) : undefined}
          onKeyDown={onKeyDown}
          data-testid={`${testId}-field`}
          data-country={selected?.countryCode}
        />
        <svg className="ui-cc__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          className="ui-cc__list"
          role="listbox"
          aria-label={t('countryList')}
          tabIndex={-1}
          data-testid={`${testId}-list`}
        >
          {countries.map((country, index) => {
            const isSelected = country.countryCode === selected?.countryCode;
            return (
              <li
                key={country.countryCode}
                id={optionId(country.countryCode)}
                role="option"
                aria-selected={isSelected}
                className={`ui-cc__option${index === activeIndex ? ' ui-cc__option--active' : ''}`}
                onClick={() => choose(country)}
                onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                data-testid={`${testId}-option-${country.countryCode}`}
              >
                <Flag countryCode={country.countryCode} />
                <span className="ui-cc__name">{names.get(country.countryCode)}</span>
                <span className="ui-cc__code">+{country.countryDialingCode}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
