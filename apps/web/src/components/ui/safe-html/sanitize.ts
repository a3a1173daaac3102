import DOMPurify, { type DOMPurify as DOMPurifyInstance } from 'dompurify';

let purifier: DOMPurifyInstance | null = null;

/** Elements never allowed in server HTML (active content, forms, document-level tags). */
const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
];

/** Attributes that hold a URL. */
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'srcset'];

/**
 * A private DOMPurify instance (hooks here do not leak into other users of the library).
 * Links that open a new browsing context get rel="noopener noreferrer".
 */
function getPurifier(): DOMPurifyInstance {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1 && (node as Element).tagName === 'A' && (node as Element).getAttribute('target')) {
      (node as Element).setAttribute('target', '_blank');
      (node as Element).setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

function isDangerousUrl(name: string, value: string, tag: string): boolean {
  // Browsers ignore whitespace and control characters inside the scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
  if (/^(javascript|vbscript):/.test(compact) || compact.includes('javascript:')) return true;
  if (compact.startsWith('data:')) {
    // Inline raster images are fine on <img src>; any other data: URL is not.
    return !(tag === 'img' && name === 'src' && /^data:image\/(png|gif|jpe?g|webp|avif);/.test(compact));
  }
  return false;
}

/**
 * Second, independent pass over DOMPurify's output (defence in depth): every element is checked
 * from a static snapshot, so nothing depends on a live DOM walk. Removes forbidden elements, event
 * handler attributes and script / data URLs.
 */
function harden(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (FORBIDDEN_TAGS.includes(tag)) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || (URL_ATTRIBUTES.includes(name) && isDangerousUrl(name, attr.value, tag))) {
        el.removeAttribute(attr.name);
      }
    }
    if (tag === 'a' && el.getAttribute('target')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return template.innerHTML;
}

/**
 * Sanitises HTML from the server (notices, dialog bodies) before it reaches the DOM: DOMPurify
 * (HTML profile, no forms/frames/styles), then an independent allow-list pass. Scripts, event
 * handler attributes and javascript: URLs never survive.
 */
export function sanitizeHtml(html: string): string {
  if (typeof window === 'undefined' || typeof document === 'undefined') return '';
  const purified = getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    ADD_ATTR: ['target'],
  });
  return harden(purified);
}
