import { onIdle } from './schedule';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per language and options, kept for the page's life: building one loads
 * the locale's calendar data and costs milliseconds on a phone's CPU (a list of notices or account
 * rows built one per row held the main thread for tens of milliseconds); formatting with a built
 * one costs microseconds. Throws like the constructor for a language it does not know.
 */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * Builds the format in an idle moment of its own. The first one of a language loads its calendar
 * and pattern data (17 ms on this machine's CPU, about 70 ms on a mid-range phone); built inside the
 * render that first needs it, that cost joined the render's task and held the main thread past
 * 50 ms (issue 10: total blocking time).
 */
export function prewarmDateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): void {
  const build = () => {
    try {
      dateTimeFormat(language, options);
    } catch {
      // An unknown language: the caller falls back when it formats.
    }
  };
  onIdle(build);
}
