import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestLanguage, i18n } from '@/test/render';
import { COUNTRIES, normalizeDialingCode } from './countries';
import { COUNTRY_DROPDOWN_CLOSE_DELAY_MS, CountryCodePicker } from './country-code-picker';
import { resolveCurrentCountry } from './current-country';

beforeAll(() => setTestLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
});

const field = () => screen.getByRole('combobox');

describe('CountryCodePicker', () => {
  it('2.CC.01 is a read-only field showing the flag and the dialling code', () => {
    render(<CountryCodePicker initialCode="66" />);
    expect(field().hasAttribute('readonly')).toBe(true);
    expect((field() as HTMLInputElement).value).toBe('+66');
    // Issue 11: the flag is an image (SVG), not an emoji that some systems draw as boxes.
    const flag = screen.getByTestId('country-code-picker-flag');
    expect(flag.getAttribute('data-flag')).toBe('TH');
    expect(flag.querySelector('svg')).not.toBeNull();
    expect(flag.textContent).toBe('');
  });

  it('2.CC.02 a click opens the list of countries, each flag plus +code', async () => {
    const user = userEvent.setup();
    render(<CountryCodePicker initialCode="66" />);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(field());
    const list = screen.getByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(COUNTRIES.length);
    const vn = screen.getByTestId('country-code-picker-option-VN');
    expect(vn.querySelector('[data-flag="VN"] svg')).not.toBeNull();
    expect(vn.textContent).toContain('+84');
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });

  it('2.CC.03 preselects the initial dialling code when it is listed (with or without +)', () => {
    render(<CountryCodePicker initialCode="+84" />);
    expect((field() as HTMLInputElement).value).toBe('+84');
    expect(field().getAttribute('data-country')).toBe('VN');
  });

  it('2.CC.03 / 2.CC.04 falls back to the current country when the initial code is not listed', async () => {
    const onChange = vi.fn();
    await i18n.changeLanguage('th');
    render(<CountryCodePicker initialCode="999" onChange={onChange} />);
    expect(field().getAttribute('data-country')).toBe('TH');
    // The parent learns the default, so its form value matches the field.
    expect(onChange).toHaveBeenCalledWith('66', 'TH');
    await i18n.changeLanguage('en');
  });

  it('2.CC.04 current country: detected country, else the page language region, else TH', () => {
    expect(resolveCurrentCountry(COUNTRIES, 'th', 'SG')?.countryCode).toBe('SG');
    expect(resolveCurrentCountry(COUNTRIES, 'th', 'ZZ')?.countryCode).toBe('TH');
    expect(resolveCurrentCountry(COUNTRIES, 'vi')?.countryCode).toBe('VN');
    expect(resolveCurrentCountry(COUNTRIES, 'en-GB')?.countryCode).toBe('GB');
    expect(resolveCurrentCountry(COUNTRIES, 'en')?.countryCode).toBe('TH');
    expect(resolveCurrentCountry(COUNTRIES, undefined)?.countryCode).toBe('TH');
    const noThailand = COUNTRIES.filter((c) => c.countryCode !== 'TH');
    expect(resolveCurrentCountry(noThailand, 'th')?.countryCode).toBe(noThailand[0]?.countryCode);
  });

  it('2.CC.05 choosing a country reports its dialling code to the parent and closes the list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CountryCodePicker initialCode="66" onChange={onChange} />);
    await user.click(field());
    await user.click(screen.getByTestId('country-code-picker-option-JP'));
    expect(onChange).toHaveBeenLastCalledWith('81', 'JP');
    expect((field() as HTMLInputElement).value).toBe('+81');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('2.CC.05 keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CountryCodePicker initialCode="66" onChange={onChange} />);
    field().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(field().getAttribute('aria-activedescendant')).toContain('option-TH');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('855', 'KH');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('2.CC.06 the list closes 200 ms after blur, and a click inside still registers', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(
      <>
        <CountryCodePicker initialCode="66" onChange={onChange} />
        <button type="button">elsewhere</button>
      </>,
    );
    fireEvent.click(field());
    expect(screen.getByRole('listbox')).toBeTruthy();
    // Focus leaves the picker: the list stays for 200 ms ...
    fireEvent.blur(field(), { relatedTarget: screen.getByText('elsewhere') });
    act(() => {
      vi.advanceTimersByTime(COUNTRY_DROPDOWN_CLOSE_DELAY_MS - 1);
    });
    expect(screen.getByRole('listbox')).toBeTruthy();
    // ... so a click that lands in the list meanwhile is still chosen.
    fireEvent.click(screen.getByTestId('country-code-picker-option-MY'));
    expect(onChange).toHaveBeenLastCalledWith('60', 'MY');

    fireEvent.click(field());
    fireEvent.blur(field(), { relatedTarget: screen.getByText('elsewhere') });
    act(() => {
      vi.advanceTimersByTime(COUNTRY_DROPDOWN_CLOSE_DELAY_MS);
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(COUNTRY_DROPDOWN_CLOSE_DELAY_MS).toBe(200);
  });

  it('dialling-code helpers', () => {
    expect(normalizeDialingCode('+66')).toBe('66');
    expect(normalizeDialingCode('0066')).toBe('66');
    expect(normalizeDialingCode(undefined)).toBe('');
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(COUNTRIES.map((c) => c.countryCode)).size).toBe(COUNTRIES.length);
  });
});
