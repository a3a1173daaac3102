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
